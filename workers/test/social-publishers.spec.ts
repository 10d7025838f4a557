import { startFakeGraph } from '../../test/fakes/graph-api';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { CAPTION_LIMIT, telegramCaption } from '../src/social/caption';
import { OutcomeUnknownError, type ChannelListing, type PublishProgress } from '../src/social/channels/channel-publisher';
import { FacebookPublisher } from '../src/social/channels/facebook.publisher';
import { InstagramPublisher } from '../src/social/channels/instagram.publisher';
import { TelegramChannelPublisher } from '../src/social/channels/telegram.publisher';
import { PermanentPublishError, RateLimitedError } from '../src/social/publish-errors';

const listing: ChannelListing = {
  id: 'a3f1c1a5-6c1e-4a51-9d1e-2b7f5d9b3a10',
  name: 'Apple iPhone 13 <script>alert(1)</script> & co',
  price: '6 500 000 so\'m',
  memory: '128GB / 4GB RAM',
  condition: 'Ishlatilgan',
  region: 'Toshkent',
  url: 'https://telefonbozor.uz/phone/a3f1c1a5-6c1e-4a51-9d1e-2b7f5d9b3a10',
  photoUrls: Array.from({ length: 12 }, (_, index) => `https://cdn.example/photo-${index}.webp`),
};

function memoryProgress(): PublishProgress & { steps: Map<string, string> } {
  const steps = new Map<string, string>();
  return {
    steps,
    get: (step) => steps.get(step),
    remember: async (step, id) => void steps.set(step, id),
    forget: async (step) => void steps.delete(step),
  };
}

describe('Telegram channel publisher', () => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  beforeEach(async () => {
    telegram = await startFakeTelegram();
  });
  afterEach(() => telegram.close());

  const publisher = () => new TelegramChannelPublisher({ apiRoot: telegram.url, token: '123:ABC', channelId: '@telefonbozor' });

  it('posts an album of at most 10 photos with an escaped HTML caption and answers the message link', async () => {
    const progress = memoryProgress();
    const link = await publisher().publish(listing, progress);

    const [call] = telegram.callsOf('sendMediaGroup');
    const media = call.body.media as Array<{ media: string; caption?: string; parse_mode?: string }>;
    expect(media).toHaveLength(10);
    expect(media[0].parse_mode).toBe('HTML');
    expect(media[0].caption).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(media[0].caption).not.toContain('<script>');
    expect(link).toBe(`https://t.me/telefonbozor/${progress.steps.get('message')}`);
  });

  it('does not post again when the message was already recorded', async () => {
    const progress = memoryProgress();
    await progress.remember('message', '77');
    expect(await publisher().publish(listing, progress)).toBe('https://t.me/telefonbozor/77');
    expect(telegram.callsOf('sendMediaGroup')).toHaveLength(0);
  });

  it('never posts again after an attempt whose outcome is unknown, until the record is cleared', async () => {
    const progress = memoryProgress();
    await progress.remember('message-attempt', 'crashed mid-call');
    await expect(publisher().publish(listing, progress)).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(telegram.callsOf('sendMediaGroup')).toHaveLength(0);

    await progress.forget('message-attempt');
    await publisher().publish(listing, progress);
    expect(telegram.callsOf('sendMediaGroup')).toHaveLength(1);
  });

  it('turns a 429 into a wait of retry_after seconds', async () => {
    telegram.failNext(/sendMediaGroup/, telegram.tooManyRequests(3));
    await expect(publisher().publish(listing, memoryProgress())).rejects.toEqual(new RateLimitedError(3000));
  });

  it('fails for good on a rejected token', async () => {
    telegram.failNext(/sendMediaGroup/, { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    await expect(publisher().publish(listing, memoryProgress())).rejects.toBeInstanceOf(PermanentPublishError);
  });

  it('is not configured without a token or a channel', () => {
    expect(new TelegramChannelPublisher({ apiRoot: telegram.url, channelId: '@x' }).configured).toBe(false);
    expect(new TelegramChannelPublisher({ apiRoot: telegram.url, token: '1:A' }).configured).toBe(false);
  });
});

describe('caption', () => {
  it('stays within Telegram\'s 1024 characters without cutting an escaped entity', () => {
    const long = { ...listing, name: '&'.repeat(2000) };
    const caption = telegramCaption(long);
    expect(caption.length).toBeLessThanOrEqual(CAPTION_LIMIT);
    expect(caption).toMatch(/(&amp;)+\n/);
    expect(caption.endsWith(`${listing.url}</a>`)).toBe(true);
  });
});

describe('Graph API publishers', () => {
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  beforeEach(async () => {
    graph = await startFakeGraph();
  });
  afterEach(() => graph.close());

  it('publishes an Instagram carousel: children, container, media_publish, permalink', async () => {
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token' });
    const link = await instagram.publish(listing, memoryProgress());

    const mediaCalls = graph.callsTo('media');
    expect(mediaCalls.filter((call) => call.body.is_carousel_item === 'true')).toHaveLength(10);
    const container = mediaCalls.find((call) => call.body.media_type === 'CAROUSEL')!;
    expect(String(container.body.children).split(',')).toHaveLength(10);
    expect(graph.callsTo('media_publish')).toHaveLength(1);
    expect(link).toMatch(/^https:\/\/www\.instagram\.com\/p\/\d+\/$/);
  });

  it('resumes an Instagram post from its stored container after a failed publish, creating no new media', async () => {
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token' });
    const progress = memoryProgress();
    graph.failNext(/media_publish/, graph.serverError());
    await expect(instagram.publish(listing, progress)).rejects.not.toBeInstanceOf(PermanentPublishError);
    const mediaCallsBefore = graph.callsTo('media').length;

    await instagram.publish(listing, progress);
    expect(graph.callsTo('media')).toHaveLength(mediaCallsBefore);
    expect(graph.callsTo('media_publish')).toHaveLength(2);
  });

  it('posts to the Facebook Page with unpublished photos attached to one feed post', async () => {
    const facebook = new FacebookPublisher({ graphUrl: graph.url, pageId: '555', pageToken: 'page-token' });
    const link = await facebook.publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 3) }, memoryProgress());

    const photos = graph.callsTo('photos');
    expect(photos.map((call) => call.body.published)).toEqual(['false', 'false', 'false']);
    const [feed] = graph.callsTo('feed');
    expect(JSON.parse(String(feed.body.attached_media))).toHaveLength(3);
    expect(String(feed.body.message)).toContain('<script>');
    expect(link).toMatch(/^https:\/\/www\.facebook\.com\/\d+$/);
  });

  it.each([4, 17, 32] as const)('waits and retries when Graph answers that a limit was reached (code %d)', async (code) => {
    const facebook = new FacebookPublisher({ graphUrl: graph.url, pageId: '555', pageToken: 'page-token' });
    const progress = memoryProgress();
    graph.failNext(/feed/, graph.rateLimited(code));
    await expect(facebook.publish(listing, progress)).rejects.toBeInstanceOf(RateLimitedError);

    await facebook.publish(listing, progress);
    expect(graph.callsTo('feed').filter((call) => call.answer?.status === 200)).toHaveLength(1);
  });

  it('fails for good on an invalid Facebook token', async () => {
    const facebook = new FacebookPublisher({ graphUrl: graph.url, pageId: '555', pageToken: 'bad' });
    graph.failNext(/photos/, graph.invalidToken());
    await expect(facebook.publish(listing, memoryProgress())).rejects.toBeInstanceOf(PermanentPublishError);
  });
});
