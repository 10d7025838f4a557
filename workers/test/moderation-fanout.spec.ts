import request from 'supertest';
import { TelegramLinkService } from '@market/backend';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { linkTheBot } from './bot-link.support';
import { startEveryChannelStack, type EveryChannelStack } from './stack.support';

const SELLER_CHAT = 777001;

describe('moderation and the fan-out to the social channels', () => {
  let stack: EveryChannelStack;
  let admin: TestUser;
  let seller: TestUser;

  const http = () => request(stack.api.getHttpServer());
  const postsOf = async (listingId: string) =>
    (await stack.dataSource.query(`SELECT posts, status, rejection_reason FROM listing WHERE id = $1`, [listingId]))[0];
  const messagesToSeller = () =>
    stack.telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === SELLER_CHAT).map((call) => String(call.body.text));
  /** The start token of a new link to the bot for `user`, as `/start <token>` carries it. */
  const linkTokenFor = async (user: TestUser) => new URL((await stack.api.get(TelegramLinkService).createLink(user.id, 'uz')).link).searchParams.get('start')!;

  beforeAll(async () => {
    stack = await startEveryChannelStack('fanout');
    admin = await createSignedInUser(stack.api, { role: 'admin' });
    seller = await createSignedInUser(stack.api);

    await linkTheBot(stack.api, stack.telegram, seller.id, SELLER_CHAT);
  });
  afterAll(() => stack?.close());

  it('approves a paid listing, posts it exactly once per channel, stores the links and tells the seller once', async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, tarif: 1, photos: 3, name: 'iPhone <script>&' });

    const approval = await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    expect(approval.body.status).toBe('active');

    const stored = await eventually(async () => {
      const { posts } = await postsOf(listingId);
      for (const channel of ['telegram', 'instagram', 'facebook']) expect(posts[channel]).toMatchObject({ posted: true, state: 'posted' });
      return posts;
    });
    const albums = stack.telegram.callsOf('sendMediaGroup').filter((call) => JSON.stringify(call.body).includes(listingId));
    expect(albums).toHaveLength(1);
    expect(JSON.stringify(albums[0].body)).toContain('iPhone &lt;script&gt;&amp;');
    expect(stored.telegram.link).toMatch(/^https:\/\/t\.me\/telefonbozor\/\d+$/);
    expect(stored.instagram.link).toMatch(/^https:\/\/www\.instagram\.com\/p\/\d+\/$/);
    expect(stored.facebook.link).toMatch(/^https:\/\/www\.facebook\.com\/\d+$/);
    // The seller sees each channel posted, with its link, on the listing in the profile.
    const mine = await http().get('/api/phone/my').set('Cookie', seller.cookie).expect(200);
    expect(mine.body.phones.find((phone: { _id: string }) => phone._id === listingId).channels).toEqual({
      telegram: { state: 'posted', link: stored.telegram.link, eta: null },
      instagram: { state: 'posted', link: stored.instagram.link, eta: null },
      facebook: { state: 'posted', link: stored.facebook.link, eta: null },
    });

    await eventually(async () => {
      expect(messagesToSeller().filter((text) => text.includes('tasdiqlandi'))).toHaveLength(1);
      expect(messagesToSeller().filter((text) => text.includes('joylandi'))).toHaveLength(3);
    });
    // The inbox has the same: one 'posted' entry per channel, with its link.
    const posted = (await http().get('/api/notifications').set('Cookie', seller.cookie).expect(200)).body.notifications.filter(
      (notification: { kind: string; link: string }) => notification.kind === 'posted' && notification.link === `/phone/${listingId}`,
    );
    expect(posted).toHaveLength(3);
    for (const link of [stored.telegram.link, stored.instagram.link, stored.facebook.link]) {
      expect(posted).toContainEqual(expect.objectContaining({ text: expect.objectContaining({ uz: expect.stringContaining(link) }) }));
    }

    // Confirming an active listing posted everywhere posts nothing more.
    const publishesBefore = stack.graph.callsTo('media_publish').length;
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stack.graph.callsTo('media_publish')).toHaveLength(publishesBefore);
    expect(messagesToSeller().filter((text) => text.includes('tasdiqlandi'))).toHaveLength(1);
  });

  it('waits out a Telegram 429 for retry_after seconds, then posts once', async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, tarif: 1 });
    stack.telegram.failNext(/sendMediaGroup/, stack.telegram.tooManyRequests(1));
    const approvedAt = Date.now();
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);

    await eventually(async () => expect((await postsOf(listingId)).posts.telegram).toMatchObject({ posted: true }));
    expect(Date.now() - approvedAt).toBeGreaterThanOrEqual(1_000);
  });

  it('records a permanent channel error with its reason and the admin can post that channel again', async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, tarif: 1 });
    stack.graph.failNext(/\/555\/photos$/, stack.graph.invalidToken());
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);

    const failed = await eventually(async () => {
      const { posts } = await postsOf(listingId);
      expect(posts.facebook).toMatchObject({ posted: false, state: 'failed' });
      expect(posts.instagram).toMatchObject({ posted: true });
      return posts;
    });
    expect(failed.facebook.reason).toContain('Invalid OAuth access token');
    // The seller is told the channel gave up, in the inbox and through the bot.
    await eventually(async () => expect(messagesToSeller().filter((text) => text.includes('joylanmadi (Facebook)') && text.includes('qabul qilmadi'))).toHaveLength(1));
    const inbox = await http().get('/api/notifications').set('Cookie', seller.cookie).expect(200);
    expect(inbox.body.notifications).toContainEqual(expect.objectContaining({ kind: 'skipped', text: expect.objectContaining({ en: expect.stringContaining('not posted (Facebook)') }) }));
    const line = await http().get('/api/phone/channel-queue').set('Cookie', admin.cookie).expect(200);
    const facebook = line.body.channels.find((channel: { channel: string }) => channel.channel === 'facebook');
    expect(facebook.failures).toContainEqual({ listingId, name: expect.any(String), reason: failed.facebook.reason });
    await http().get('/api/phone/channel-queue').set('Cookie', seller.cookie).expect(403);

    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    await eventually(async () => expect((await postsOf(listingId)).posts.facebook).toMatchObject({ posted: true }));
  });

  it("posts an active listing to the one channel whose Post button was pressed, and refuses a channel outside its tariff", async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, tarif: 1, status: 'active' });
    const posted = await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId, channel: 'instagram' }).expect(200);
    expect(Object.keys(posted.body.posts)).toEqual(['instagram']);
    await eventually(async () => expect((await postsOf(listingId)).posts.instagram).toMatchObject({ posted: true }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const { posts } = await postsOf(listingId);
    expect(Object.keys(posts)).toEqual(['instagram']);
    expect(stack.telegram.callsOf('sendMediaGroup').filter((call) => JSON.stringify(call.body).includes(listingId))).toHaveLength(0);

    const basic = await insertListing(stack.dataSource, { authorId: seller.id, tarif: 0, status: 'active' });
    const refused = await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: basic, channel: 'telegram' }).expect(400);
    expect(refused.body.fields).toEqual({ channel: 'invalidValue' });
    expect((await postsOf(basic)).posts).toEqual({});
  });

  it('posts a basic listing nowhere', async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, tarif: 0 });
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await postsOf(listingId)).posts).toEqual({});
  });

  it('rejects with a reason the author sees and the bot tells once', async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, name: 'Rejected phone' });
    await http()
      .post('/api/phone/reject')
      .set('Cookie', admin.cookie)
      .send({ id: listingId, reason: 'poorPhotos' })
      .expect(200);
    expect(await postsOf(listingId)).toMatchObject({ status: 'cancelled', rejection_reason: 'poorPhotos' });

    const mine = await http().get('/api/phone/my').set('Cookie', seller.cookie).expect(200);
    expect(mine.body.phones.find((card: { _id: string }) => card._id === listingId).rejectionReason).toBe('poorPhotos');
    // The earlier tests' notifications to the same chat go first, paced at Telegram's 1 a second.
    await eventually(
      async () => expect(messagesToSeller().filter((text) => text.includes('Rejected phone') && text.includes('Rasmlar sifatsiz'))).toHaveLength(1),
      30_000,
    );
  }, 45_000);

  it('asks for the admin\'s words when the reason is "other"', async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id });
    const refused = await http()
      .post('/api/phone/reject')
      .set('Cookie', admin.cookie)
      .send({ id: listingId, reason: 'other' })
      .expect(400);
    expect(refused.body.fields).toEqual({ text: 'required' });
    expect((await postsOf(listingId)).status).toBe('waiting');
  });

  it('lists every status tab with its count for admins: awaiting a decision oldest first, active newest first', async () => {
    await insertListing(stack.dataSource, { authorId: seller.id });
    await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Newest active' });
    const response = await http().get('/api/phone/waiting?status=waiting').set('Cookie', admin.cookie).expect(200);
    expect(response.body.counts.waiting).toBeGreaterThan(0);
    expect(Object.keys(response.body.counts).sort()).toEqual(['active', 'cancelled', 'draft', 'noActive', 'waiting']);
    expect(response.body.phones.every((card: { status: string }) => card.status === 'waiting')).toBe(true);
    const waitingDates = response.body.phones.map((card: { createdAt: string }) => card.createdAt);
    expect(waitingDates).toEqual([...waitingDates].sort());

    const active = await http().get('/api/phone/waiting?status=active').set('Cookie', admin.cookie).expect(200);
    expect(active.body.phones[0].name).toBe('Newest active');
    const activeDates = active.body.phones.map((card: { createdAt: string }) => card.createdAt);
    expect(activeDates).toEqual([...activeDates].sort().reverse());
  });

  it("asks before someone else's link moves the seller's chat to another account, and moves it only on 'Yes'", async () => {
    const links = stack.api.get(TelegramLinkService);
    const stranger = await createSignedInUser(stack.api);
    const strangers = await linkTokenFor(stranger);
    stack.telegram.pushMessage(SELLER_CHAT, `/start ${strangers}`);
    await eventually(async () => expect(messagesToSeller().filter((text) => text.includes('Bu chat boshqa hisobga ulangan'))).toHaveLength(1), 30_000);
    const question = stack.telegram.callsOf('sendMessage').find((call) => String(call.body.text).includes('Bu chat boshqa hisobga ulangan'))!;
    // It names the account the chat would move to, as its owner would know it.
    expect(question.body.text).toContain(`+998 ${stranger.phoneNumber.slice(3, 5)} ***-**-${stranger.phoneNumber.slice(-2)}`);
    expect(question.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Ha, o'tkazish", callback_data: `relink:${strangers}` }, { text: "Yo'q", callback_data: 'relink-keep' }]],
    });
    expect(await links.subscriptionByChat(SELLER_CHAT)).toMatchObject({ userId: seller.id });

    const no = stack.telegram.pushCallbackQuery(SELLER_CHAT, 'relink-keep');
    await eventually(async () => {
      const [answer] = stack.telegram.callsOf('answerCallbackQuery').filter((call) => call.body.callback_query_id === no);
      expect(answer?.body.text).toBe('Chat avvalgi hisobga ulanganicha qoldi.');
    });
    expect(await links.subscriptionByChat(SELLER_CHAT)).toMatchObject({ userId: seller.id });

    stack.telegram.pushCallbackQuery(SELLER_CHAT, `relink:${strangers}`);
    await eventually(async () => expect(await links.subscriptionByChat(SELLER_CHAT)).toMatchObject({ userId: stranger.id }));
    expect(await links.subscriptionOf(seller.id)).toBeNull();

    // The seller's own link takes the chat back, after the same question.
    const own = await linkTokenFor(seller);
    stack.telegram.pushMessage(SELLER_CHAT, `/start ${own}`);
    await eventually(async () => expect(messagesToSeller().filter((text) => text.includes('Bu chat boshqa hisobga ulangan'))).toHaveLength(2), 30_000);
    stack.telegram.pushCallbackQuery(SELLER_CHAT, `relink:${own}`);
    await eventually(async () => expect(await links.subscriptionByChat(SELLER_CHAT)).toMatchObject({ userId: seller.id }));
  }, 60_000);

  it("asks before a link takes a chat of nobody's, naming the link's account by its masked number; 'No' leaves the chat unlinked", async () => {
    const VICTIM_CHAT = 777002;
    const links = stack.api.get(TelegramLinkService);
    const stranger = await createSignedInUser(stack.api);
    const strangers = await linkTokenFor(stranger);
    // The stranger sent the victim t.me/<bot>?start=<token>, and the victim pressed Start.
    stack.telegram.pushMessage(VICTIM_CHAT, `/start ${strangers}`);
    const question = await eventually(async () => {
      const [sent] = stack.telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === VICTIM_CHAT);
      expect(sent).toBeDefined();
      return sent;
    }, 30_000);
    const masked = `+998 ${stranger.phoneNumber.slice(3, 5)} ***-**-${stranger.phoneNumber.slice(-2)}`;
    expect(question.body.text).toBe(
      `Bu chatni ${masked} raqamli hisobga ulaysizmi? Shu hisobning xabarlari va suhbatlari shu yerga keladi, Telegramdagi ilova esa unga kiradi. Raqam sizniki bo'lmasa, «Yo'q»ni bosing.`,
    );
    expect(question.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Ha, ulash', callback_data: `relink:${strangers}` }, { text: "Yo'q", callback_data: 'relink-keep' }]],
    });
    expect(await links.subscriptionByChat(VICTIM_CHAT)).toBeNull();

    const no = stack.telegram.pushCallbackQuery(VICTIM_CHAT, 'relink-keep');
    await eventually(async () => {
      const [answer] = stack.telegram.callsOf('answerCallbackQuery').filter((call) => call.body.callback_query_id === no);
      expect(answer?.body.text).toBe('Chat ulanmadi.');
    });
    expect(await links.subscriptionByChat(VICTIM_CHAT)).toBeNull();
    expect(await links.subscriptionOf(stranger.id)).toBeNull();
  }, 45_000);

  it("never links a group chat nor answers its commands: the group's members would read the seller's conversations", async () => {
    const GROUP_CHAT = -100888;
    const member = await createSignedInUser(stack.api);
    const token = await linkTokenFor(member);
    const answeredBefore = messagesToSeller().length;
    stack.telegram.pushGroupMessage(GROUP_CHAT, `/start ${token}`);
    stack.telegram.pushGroupMessage(GROUP_CHAT, '/my');
    // The seller's private /my is answered after the group's updates were handled.
    stack.telegram.pushMessage(SELLER_CHAT, '/my');
    await eventually(async () => expect(messagesToSeller().length).toBeGreaterThan(answeredBefore), 30_000);

    expect(await stack.api.get(TelegramLinkService).subscriptionOf(member.id)).toBeNull();
    expect(await stack.api.get(TelegramLinkService).subscriptionByChat(GROUP_CHAT)).toBeNull();
    expect(stack.telegram.calls.filter((call) => Number(call.body.chat_id) === GROUP_CHAT)).toEqual([]);
  }, 45_000);

  it('lists the seller\'s listings on /my and stops messaging after /stop', async () => {
    await insertListing(stack.dataSource, { authorId: seller.id, name: 'Listed on my' });
    stack.telegram.pushMessage(SELLER_CHAT, '/my');
    await eventually(async () => {
      const reply = messagesToSeller().find((text) => text.includes('Listed on my'));
      expect(reply).toContain('Tekshiruvda');
    });

    stack.telegram.pushMessage(SELLER_CHAT, '/stop');
    await eventually(async () => expect(await stack.api.get(TelegramLinkService).subscriptionOf(seller.id)).toBeNull());
    // The reply waits its turn in the chat like every other message of the bot.
    await eventually(async () => expect(messagesToSeller().some((text) => text.includes('Hisob uzildi'))).toBe(true), 30_000);
  }, 45_000);

  it('refuses every moderation call to a non-admin with 403 and to a visitor with 401', async () => {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id });
    for (const [method, path, body] of [
      ['get', '/api/phone/waiting', undefined],
      ['post', '/api/phone/confirm', { id: listingId }],
      ['post', '/api/phone/reject', { id: listingId, reason: 'duplicate' }],
    ] as const) {
      await http()[method](path).set('Cookie', seller.cookie).send(body).expect(403);
      await http()[method](path).send(body).expect(401);
    }
    expect((await postsOf(listingId)).status).toBe('waiting');
  });
});
