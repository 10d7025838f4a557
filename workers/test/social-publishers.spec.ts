import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { convertImage } from '../../backend/src/uploads/image-processing';
import { LISTING_CHANNEL_SHAPE, LISTING_PHOTO_SHAPE } from '../../backend/src/listings/listing-photo-shapes';
import { startFakeGraph } from '../../test/fakes/graph-api';
import { TEST_PHOTO_KEYS } from '../../test/support/listings';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { SAFETY_WARNING } from '@market/contracts';
import { CAPTION_LIMIT, plainCaption, telegramCaption } from '../src/social/caption';
import { OutcomeUnknownError, type ChannelListing, type PublishProgress } from '../src/social/channels/channel-publisher';
import { FacebookPublisher } from '../src/social/channels/facebook.publisher';
import { InstagramPublisher } from '../src/social/channels/instagram.publisher';
import { TelegramChannelPublisher } from '../src/social/channels/telegram.publisher';
import { graphErrorKind } from '../src/social/channels/graph-errors';
import { ContainerUnusableError, PermanentPublishError, RateLimitedError, StillProcessingError } from '../src/social/publish-errors';

const listing: ChannelListing = {
  id: 'a3f1c1a5-6c1e-4a51-9d1e-2b7f5d9b3a10',
  name: 'Apple iPhone 13 <script>alert(1)</script> & co',
  price: '6 500 000 so\'m',
  memory: '128GB / 4GB RAM',
  condition: 'Ishlatilgan',
  region: 'Toshkent',
  url: 'https://telefonbozor.uz/phone/a3f1c1a5-6c1e-4a51-9d1e-2b7f5d9b3a10',
  // Addresses of test listings' photos: the fake Graph takes them for 4:5 pictures of their extension's format.
  photoUrls: Array.from({ length: 12 }, (_, index) => `https://images.test/${TEST_PHOTO_KEYS}photo-${index}-channel.jpg`),
};
/** The photos as stored for the site, before uploads made a JPEG copy. */
const webpPhotos = listing.photoUrls.map((url) => url.replace('-channel.jpg', '.webp'));

/** Serves pictures on 127.0.0.1 as the site's storage does, for Instagram to download. */
async function startPhotoHost() {
  const photos = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const photo = photos.get(request.url ?? '');
    response.writeHead(photo ? 200 : 404, { 'Content-Type': 'image/jpeg' });
    response.end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** Serves `photo` and answers its address. */
    serve(name: string, photo: Buffer): string {
      photos.set(`/${name}`, photo);
      return `${url}/${name}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A camera picture `width` x `height` as its sensor stores it, with the EXIF orientation that turns it upright. */
function cameraPhoto(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1d1d1f' } })
    .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: '#c0c0c8' } } }])
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();
}

/** The channel copy an upload makes of `photo`: the stored picture first, the copy from it (ImagesService.store). */
async function channelCopy(photo: Buffer): Promise<Buffer> {
  return convertImage(await convertImage(photo, LISTING_PHOTO_SHAPE), LISTING_CHANNEL_SHAPE);
}

function memoryProgress(): PublishProgress & { steps: Map<string, string> } {
  const steps = new Map<string, string>();
  return {
    steps,
    get: (step) => steps.get(step),
    remember: async (step, id) => void steps.set(step, id),
    forget: async (step) => void steps.delete(step),
    whilePostable: (call) => call(),
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

  it('posts a one-photo listing by sendPhoto, not as a one-item album', async () => {
    const progress = memoryProgress();
    const link = await publisher().publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 1) }, progress);

    expect(telegram.callsOf('sendMediaGroup')).toHaveLength(0);
    const [call] = telegram.callsOf('sendPhoto');
    expect(call.body).toMatchObject({ chat_id: '@telefonbozor', photo: listing.photoUrls[0], parse_mode: 'HTML' });
    expect(String(call.body.caption)).toContain('&lt;script&gt;');
    expect(link).toBe(`https://t.me/telefonbozor/${progress.steps.get('message')}`);
  });

  describe('with the Mini App registered', () => {
    const appLink = `https://t.me/telefon_bozor_test_bot/market?startapp=${listing.id}`;
    const withApp = () => new TelegramChannelPublisher({ apiRoot: telegram.url, token: '123:ABC', channelId: '@telefonbozor', appLinkOf: (id) => `https://t.me/telefon_bozor_test_bot/market?startapp=${id}` });

    it('puts a button opening the listing in the app under a one-photo post, beside the web link', async () => {
      await withApp().publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 1) }, memoryProgress());
      const [call] = telegram.callsOf('sendPhoto');
      expect(call.answer?.status).toBe(200);
      expect(call.body.reply_markup).toEqual({ inline_keyboard: [[{ text: '📲 Ilovada ochish', url: appLink }]] });
      expect(String(call.body.caption)).toContain(`<a href="${listing.url}">`);
    });

    it("links the app in an album's caption, under which Telegram allows no button", async () => {
      await withApp().publish(listing, memoryProgress());
      const [call] = telegram.callsOf('sendMediaGroup');
      const [first] = call.body.media as Array<{ caption: string }>;
      expect(first.caption).toMatch(new RegExp(`<a href="${listing.url}">.*</a>\\n<a href="${appLink.replace(/[?]/g, '\\?')}">📲 Ilovada ochish</a>$`));
    });

    it('adds no button when no Mini App is registered', async () => {
      await new TelegramChannelPublisher({ apiRoot: telegram.url, token: '123:ABC', channelId: '@telefonbozor', appLinkOf: () => undefined }).publish({ ...listing, photoUrls: [] }, memoryProgress());
      expect(telegram.callsOf('sendMessage')[0].body.reply_markup).toBeUndefined();
    });
  });

  it('is refused with 429 and retry_after once the channel took 20 messages in a minute, an album counting each photo', async () => {
    await publisher().publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 10) }, memoryProgress());
    await publisher().publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 10) }, memoryProgress());
    const refused = publisher().publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 1) }, memoryProgress());
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    const retryAfterMs = ((await refused.catch((error) => error)) as RateLimitedError).retryAfterMs;
    expect(retryAfterMs).toBeGreaterThan(55_000);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);
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
    await expect(publisher().publish(listing, memoryProgress())).rejects.toMatchObject({ constructor: RateLimitedError, retryAfterMs: 3000 });
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
  it('warns buyers in Uzbek and links only to the listing, whatever links the seller wrote', () => {
    const baiting = {
      ...listing,
      name: 'iPhone 13 https://evil.example/pay?x=1 www.scam.uz t.me/cheap_phones olx.uz/item @cheap_phones_uz Pro',
      memory: '128GB см. phones.ru/p',
    };
    for (const caption of [telegramCaption(baiting), plainCaption(baiting)]) {
      expect(caption).toContain(SAFETY_WARNING.uz);
      expect(caption).toContain('iPhone 13 Pro');
      expect(caption).toContain('128GB см.');
      // Every address-like thing left is the listing's own link.
      const addresses = caption.match(/https?:\/\/[^\s"<]+|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}|@\w+/gu) ?? [];
      expect(addresses.filter((address) => !listing.url.includes(address))).toEqual([]);
    }
    expect(telegramCaption(baiting).match(/<a /g)).toHaveLength(1);
  });

  it('never shows a card number the seller put in the name (issue 35)', () => {
    const carded = { ...listing, name: 'iPhone 13 karta 8600 1234 5678 9012' };
    for (const caption of [telegramCaption(carded), plainCaption(carded)]) {
      expect(caption).toContain('karta **** **** **** 9012');
      expect(caption).not.toContain('8600');
    }
  });

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

  it('refuses WebP photos as Instagram does, and the post fails with the code, subcode and what to do', async () => {
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token' });
    const failure = await instagram.publish({ ...listing, photoUrls: webpPhotos.slice(0, 1) }, memoryProgress()).catch((error) => error);
    expect(failure).toBeInstanceOf(PermanentPublishError);
    expect(failure.message).toContain('9004/2207052');
    expect(failure.message).toContain('only JPEG');
    expect(graph.callsTo('media_publish')).toHaveLength(0);
  });

  describe('photos as Instagram takes them', () => {
    let host: Awaited<ReturnType<typeof startPhotoHost>>;
    beforeEach(async () => {
      host = await startPhotoHost();
    });
    afterEach(() => host.close());

    const instagram = () => new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token' });
    const postPhoto = (url: string, publisher = instagram()) => publisher.publish({ ...listing, photoUrls: [url] }, memoryProgress()).catch((error) => error);

    it('is refused, as Instagram refuses them, a photo outside 4:5 to 1.91:1, over 8 MiB, not JPEG, and a token it did not issue', async () => {
      const refusals = [
        [await cameraPhoto(3024, 4032), '36003/2207009', "aspect ratio ('3024/4032')"],
        [await cameraPhoto(4000, 2000), '36003/2207009', 'aspect ratio'],
        [await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#fff' } }).png().toBuffer(), '9004/2207052', 'only JPEG'],
        [
          await sharp(randomBytes(2400 * 3000 * 3), { raw: { width: 2400, height: 3000, channels: 3 } }).jpeg({ quality: 100 }).toBuffer(),
          '36000/2207004',
          '8 MiB',
        ],
      ] as const;
      for (const [index, [photo, code, reason]] of refusals.entries()) {
        const failure = await postPhoto(host.serve(`refused-${index}.jpg`, photo));
        expect([code, failure]).toEqual([code, expect.any(PermanentPublishError)]);
        expect(failure.message).toContain(code);
        expect(failure.message).toContain(reason);
      }
      const revoked = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'revoked' });
      const failure = await postPhoto(host.serve('square.jpg', await cameraPhoto(1080, 1080)), revoked);
      expect(failure).toBeInstanceOf(PermanentPublishError);
      expect(failure.message).toContain('190');
      expect(graph.callsTo('media_publish')).toHaveLength(0);
    });

    it.each([
      ['a photo shot upright on a phone (3:4, turned by EXIF)', cameraPhoto(4032, 3024, 6), [1152, 1440]],
      ['a screenshot (9:19.5)', cameraPhoto(1170, 2532), [1152, 1440]],
      ['a panorama (4:1)', cameraPhoto(4000, 1000), [1440, 754]],
      ['a small square photo', cameraPhoto(200, 200), [320, 320]],
    ])('posts %s as a JPEG padded into Instagram\'s ratios, the whole picture kept', async (_case, photo, [width, height]) => {
      const copy = await channelCopy(await photo);
      const shape = await sharp(copy).metadata();
      expect([shape.format, shape.width, shape.height]).toEqual(['jpeg', width, height]);
      expect(copy.length).toBeLessThan(8 * 1024 * 1024);

      const link = await instagram().publish({ ...listing, photoUrls: [host.serve('copy.jpg', copy)] }, memoryProgress());
      expect(link).toMatch(/^https:\/\/www\.instagram\.com\/p\/\d+\/$/);
      expect(graph.callsTo('media').map((call) => call.answer!.status)).toEqual([200]);
    });

    it('pads with a neutral background and crops nothing away: the phone stays whole in the middle', async () => {
      const copy = await channelCopy(await cameraPhoto(4032, 3024, 6));
      const { data, info } = await sharp(copy).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
      // Padded left and right (3:4 widened to 4:5): grey at the edges, the photo's dark border and light middle inside.
      for (const [x, y] of [[5, 720], [info.width - 6, 720]]) for (const channel of pixel(x, y)) expect(Math.abs(channel - 240)).toBeLessThan(8);
      for (const channel of pixel(100, 5)) expect(channel).toBeLessThan(60);
      for (const channel of pixel(info.width / 2, 720)) expect(channel).toBeGreaterThan(170);
    });
  });

  it('polls the container until FINISHED before media_publish', async () => {
    await graph.close();
    graph = await startFakeGraph({ processingMs: 400 });
    // Checks after 100, 200, 400 ms (a tenth of the time).
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token', timeScale: 0.1 });
    await instagram.publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 1) }, memoryProgress());

    const checks = graph.calls.filter((call) => String(call.body.fields).startsWith('status_code'));
    expect(checks.map((check) => (check.answer!.body as { status_code: string }).status_code)).toEqual([
      ...Array(checks.length - 1).fill('IN_PROGRESS'),
      'FINISHED',
    ]);
    expect(checks.length).toBeGreaterThan(1);
    const [publish] = graph.callsTo('media_publish');
    expect(publish.answer!.status).toBe(200);
    expect(publish.receivedAt).toBeGreaterThanOrEqual(checks.at(-1)!.receivedAt);
  });

  it('leaves a container still processing after its first checks to a later check of the same container, posting once', async () => {
    await graph.close();
    graph = await startFakeGraph({ processingMs: 1_000 });
    // A hundredth of the time: checks in the job after 10, 20, 40 and 80 ms, then again after 600 ms.
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token', timeScale: 0.01 });
    const progress = memoryProgress();
    const single = { ...listing, photoUrls: listing.photoUrls.slice(0, 1) };
    const statusChecks = () => graph.calls.filter((call) => String(call.body.fields).startsWith('status_code')).length;

    const first = await instagram.publish(single, progress).catch((error) => error);
    expect(first).toBeInstanceOf(StillProcessingError);
    expect(first.checkAgainMs).toBe(600);
    expect(statusChecks()).toBe(5);
    const container = progress.steps.get('container');
    expect(container).toBeDefined();

    // Checked once when the job comes back: still processing, back again later.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(instagram.publish(single, progress)).rejects.toBeInstanceOf(StillProcessingError);
    expect(statusChecks()).toBe(6);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await instagram.publish(single, progress);
    expect(graph.callsTo('media')).toHaveLength(1);
    expect(graph.callsTo('media_publish').map((call) => call.body.creation_id)).toEqual([container]);
  });

  it('fails with the reason when the container ends in ERROR, and makes a new container on the next try', async () => {
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token' });
    const progress = memoryProgress();
    const single = { ...listing, photoUrls: listing.photoUrls.slice(0, 1) };
    const nextContainer = String(1000);
    graph.failContainer(nextContainer);
    const failure = await instagram.publish(single, progress).catch((error) => error);
    expect(failure).toBeInstanceOf(PermanentPublishError);
    expect(failure.message).toContain('Instagram container ERROR: Error: the media could not be processed');
    expect(progress.steps.has('container')).toBe(false);

    await instagram.publish(single, progress);
    expect(graph.callsTo('media')).toHaveLength(2);
    expect(graph.callsTo('media_publish')).toHaveLength(1);
  });

  it('makes a new container when the stored one expired (24 hours) instead of failing with 2207020', async () => {
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token' });
    const progress = memoryProgress();
    const single = { ...listing, photoUrls: listing.photoUrls.slice(0, 1) };
    graph.failNext(/media_publish/, graph.serverError());
    await expect(instagram.publish(single, progress)).rejects.toThrow();
    const stored = progress.steps.get('container')!;
    graph.expireContainer(stored);

    await instagram.publish(single, progress);
    expect(progress.steps.get('container')).not.toBe(stored);
    const publishes = graph.callsTo('media_publish');
    expect(publishes.map((call) => call.answer!.status)).toEqual([500, 200]);
    expect(publishes[1].body.creation_id).toBe(progress.steps.get('container'));
  });

  it('classifies Graph errors by code and subcode from Meta\'s tables', () => {
    const table: Array<[number, number | undefined, number, string]> = [
      [400, 2207042, 9, 'wait'], // the 50 posts a day are used
      [400, undefined, 4, 'wait'], // the app's request limit
      [403, undefined, 17, 'wait'],
      [400, undefined, 32, 'wait'],
      [400, undefined, 613, 'wait'],
      [400, undefined, 80_002, 'wait'], // Instagram's business use case limit
      [400, 2207051, 4, 'fail'], // suspected spam: waiting does not lift it
      [400, 2207050, 400, 'fail'], // the account is restricted
      [400, 2207052, 9004, 'fail'], // the photo could not be fetched (WebP)
      [400, undefined, 190, 'fail'], // the token is invalid
      [400, undefined, 100, 'fail'],
      [400, 2207001, -1, 'retry'], // Instagram server error: try again
      [400, 2207003, -2, 'retry'],
      [400, 2207008, -1, 'retry'], // temporary error publishing a container
      [400, 2207027, 9007, 'retry'], // the container is not ready yet
      [500, undefined, 2, 'retry'],
      [400, 2207020, -2, 'new-container'], // expired
      [400, 2207032, -1, 'new-container'],
    ];
    for (const [status, subcode, code, kind] of table) {
      expect([code, subcode, graphErrorKind(status, { code, error_subcode: subcode })]).toEqual([code, subcode, kind]);
    }
  });

  it('publishing an expired container answers a new-container error and forgets it', async () => {
    const instagram = new InstagramPublisher({ graphUrl: graph.url, userId: '17841', accessToken: 'token' });
    const progress = memoryProgress();
    graph.failNext(/media_publish/, graph.instagramError(-2, 2207020, 'The media you are trying to access has expired.'));
    await expect(instagram.publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 1) }, progress)).rejects.toBeInstanceOf(ContainerUnusableError);
    expect(progress.steps.has('container')).toBe(false);
  });

  it('waits as long as estimated_time_to_regain_access says, and holds the Page back meanwhile', async () => {
    const heldBack: number[] = [];
    const facebook = new FacebookPublisher({ graphUrl: graph.url, pageId: '555', pageToken: 'page-token' });
    (facebook as unknown as { graph: { options: { holdBack: (until: number) => Promise<void> } } }).graph.options.holdBack = async (until) =>
      void heldBack.push(until);
    graph.failNext(/feed/, graph.rateLimited(32, 7));
    const failure = await facebook.publish(listing, memoryProgress()).catch((error) => error);
    expect(failure).toBeInstanceOf(RateLimitedError);
    expect(failure.retryAfterMs).toBe(7 * 60_000);
    expect(heldBack).toHaveLength(1);
    expect(heldBack[0] - Date.now()).toBeGreaterThan(6 * 60_000);
  });

  it('slows down before Graph throttles: from 80 % of the usage its calls are held back', async () => {
    await graph.close();
    graph = await startFakeGraph({ callsPerHour: 10 });
    const heldBack: number[] = [];
    const facebook = new FacebookPublisher({ graphUrl: graph.url, pageId: '555', pageToken: 'page-token' });
    (facebook as unknown as { graph: { options: { holdBack: (until: number) => Promise<void> } } }).graph.options.holdBack = async (until) =>
      void heldBack.push(until);
    await facebook.publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 3) }, memoryProgress());
    // 3 photos, the feed post and the permalink: 5 of 10 calls, no holding back yet.
    expect(heldBack).toHaveLength(0);
    await facebook.publish({ ...listing, photoUrls: listing.photoUrls.slice(0, 3) }, memoryProgress()).catch(() => undefined);
    expect(heldBack.length).toBeGreaterThan(0);
    expect(graph.calls.filter((call) => (call.answer?.body as { error?: { code?: number } }).error?.code === 32)).toHaveLength(0);
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
