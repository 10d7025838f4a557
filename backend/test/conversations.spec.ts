import { randomUUID } from 'node:crypto';
import { MESSAGES, parseEventPayload } from '@market/contracts';
import { CONVERSATION_RATE_LIMITS } from '../src/conversations/conversation.limits';
import { ConversationsService } from '../src/conversations/conversations.service';
import { RateLimitService } from '../src/rate-limit/rate-limit.service';
import { burst, countStatuses } from '../../test/support/burst';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { listingsAppForThisFile, uploadPhotos } from './listings-support';

describe('conversations', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let seller: TestUser;

  beforeAll(async () => {
    seller = await createSignedInUser(site.app, { name: 'Sardor' });
  });

  const onSale = (name = 'Talk phone') => insertListing(site.dataSource, { authorId: seller.id, status: 'active', name });
  const start = (buyer: TestUser, listingId: string, text = 'Assalomu alaykum, telefon hali sotuvdami?', clientKey?: string) =>
    http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text, clientKey });
  const send = (user: TestUser, id: string, body: { text: string; images?: string[]; clientKey?: string }) =>
    http().post(`/api/conversations/${id}/messages`).set('Cookie', user.cookie).send(body);
  const messagesOf = async (id: string) =>
    (await site.dataSource.query(`SELECT text FROM conversation_message WHERE conversation_id = $1 ORDER BY id`, [id])) as Array<{ text: string }>;
  /** Holds conversation `id`'s row in a transaction of its own (SELECT … FOR UPDATE) until `release`. */
  const holdConversation = async (id: string) => {
    const holder = site.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT 1 FROM conversation WHERE id = $1 FOR UPDATE`, [id]);
    return { release: () => holder.rollbackTransaction().then(() => holder.release()) };
  };
  /** This file's sessions waiting for a lock (a row's, a transaction's). */
  const waitingForLocks = async () =>
    ((await site.dataSource.query(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)) as [
      { count: number },
    ])[0].count;

  it('lets a buyer write to the seller, who sees it unread, answers, and sees it read', async () => {
    const buyer = await createSignedInUser(site.app, { name: 'Bobur' });
    const listingId = await onSale('Galaxy to talk about');

    const opened = await start(buyer, listingId).expect(201);
    expect(opened.body).toMatchObject({
      role: 'buyer',
      state: 'open',
      listing: { _id: listingId, name: 'Galaxy to talk about', state: 'onSale' },
      other: { id: seller.id, name: 'Sardor' },
      lastMessage: { mine: true, read: false, text: 'Assalomu alaykum, telefon hali sotuvdami?' },
      unread: 0,
    });
    const id = opened.body.id as string;

    const sellers = await http().get('/api/conversations?page=1').set('Cookie', seller.cookie).expect(200);
    const seen = sellers.body.conversations.find((conversation: { id: string }) => conversation.id === id);
    expect(seen).toMatchObject({ role: 'seller', other: { id: buyer.id, name: 'Bobur' }, unread: 1, lastMessage: { mine: false } });
    expect(sellers.body.unread).toBeGreaterThanOrEqual(1);

    await http().post(`/api/conversations/${id}/read`).set('Cookie', seller.cookie).expect(200);
    const answer = await send(seller, id, { text: 'Ha, sotuvda. Kelib ko‘ring' }).expect(201);
    expect(answer.body).toMatchObject({ mine: true, read: false, warnings: [], images: [] });

    // The buyer's first message shows as read once the seller opened the thread.
    const thread = await http().get(`/api/conversations/${id}/messages`).set('Cookie', buyer.cookie).expect(200);
    expect(thread.body.hasOlder).toBe(false);
    expect(thread.body.messages.map((message: { text: string; mine: boolean; read: boolean }) => [message.text, message.mine, message.read])).toEqual([
      ['Assalomu alaykum, telefon hali sotuvdami?', true, true],
      ['Ha, sotuvda. Kelib ko‘ring', false, false],
    ]);
    expect((await http().get('/api/conversations').set('Cookie', buyer.cookie).expect(200)).body.unread).toBe(1);
    await http().post(`/api/conversations/${id}/read`).set('Cookie', buyer.cookie).expect(200);
    expect((await http().get('/api/conversations').set('Cookie', buyer.cookie).expect(200)).body.unread).toBe(0);
    const sellersThread = await http().get(`/api/conversations/${id}/messages`).set('Cookie', seller.cookie).expect(200);
    expect(sellersThread.body.messages.at(-1)).toMatchObject({ mine: true, read: true });

    // Writing from the listing page again continues the same conversation.
    const again = await start(buyer, listingId, 'Narxi qancha oxirgi?').expect(201);
    expect(again.body.id).toBe(id);
    expect(await messagesOf(id)).toHaveLength(3);
  });

  it('records each message with its event in the same transaction, and a refused one with none', async () => {
    const buyer = await createSignedInUser(site.app);
    const opened = await start(buyer, await onSale()).expect(201);
    const events = () =>
      site.dataSource.query(`SELECT payload FROM outbox_event WHERE name = 'conversation.message-sent' AND payload->>'conversationId' = $1 ORDER BY created_at`, [
        opened.body.id,
      ]) as Promise<Array<{ payload: unknown }>>;
    const answer = await send(seller, opened.body.id, { text: 'Salom' }).expect(201);
    await send(seller, opened.body.id, { text: '' }).expect(400);
    // As the workers read them: the payload the contract describes.
    const payloads = (await events()).map((event) => parseEventPayload('conversation.message-sent', event.payload));
    expect(payloads.map((payload) => [payload.recipientId, payload.first])).toEqual([
      [seller.id, true],
      [buyer.id, false],
    ]);
    expect(payloads[1]).toMatchObject({ conversationId: opened.body.id, messageId: answer.body.id });
  });

  it('pages older messages by the id of the oldest one shown', async () => {
    const buyer = await createSignedInUser(site.app);
    const { body } = await start(buyer, await onSale(), 'message 0').expect(201);
    await site.dataSource.query(
      `INSERT INTO conversation_message (conversation_id, author_id, text) SELECT $1, $2, 'message ' || n FROM generate_series(1, 34) n`,
      [body.id, buyer.id],
    );
    const latest = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(200);
    expect(latest.body.hasOlder).toBe(true);
    expect(latest.body.messages).toHaveLength(30);
    expect(latest.body.messages.at(-1).text).toBe('message 34');
    const older = await http().get(`/api/conversations/${body.id}/messages?before=${latest.body.messages[0].id}`).set('Cookie', buyer.cookie).expect(200);
    expect(older.body).toMatchObject({ hasOlder: false });
    expect(older.body.messages.map((message: { text: string }) => message.text)).toEqual(['message 0', 'message 1', 'message 2', 'message 3', 'message 4']);
  });

  it('answers 404 to anyone but the two people on every route, and 401 to a visitor', async () => {
    const buyer = await createSignedInUser(site.app);
    const stranger = await createSignedInUser(site.app);
    const { body } = await start(buyer, await onSale()).expect(201);
    const id = body.id as string;
    const routes = [
      () => http().get(`/api/conversations/${id}/messages`),
      () => http().post(`/api/conversations/${id}/messages`).send({ text: 'Men ham' }),
      () => http().post(`/api/conversations/${id}/read`),
      () => http().post(`/api/conversations/${id}/block`),
      () => http().post(`/api/conversations/${id}/unblock`),
      () => http().post(`/api/conversations/${id}/report`).send({ reason: 'spam' }),
    ];
    for (const route of routes) {
      const refused = await route().set('Cookie', stranger.cookie).expect(404);
      expect(refused.body.message).toEqual(MESSAGES.conversationNotFound);
      await route().expect(401);
    }
    await http().get('/api/conversations/not-a-conversation/messages').set('Cookie', buyer.cookie).expect(404);
    expect((await http().get('/api/conversations').set('Cookie', stranger.cookie).expect(200)).body).toEqual({ conversations: [], pages: 0, unread: 0 });
    await http().get('/api/conversations').expect(401);
    expect(await messagesOf(id)).toHaveLength(1);
    const [{ blocks, reports }] = await site.dataSource.query(
      `SELECT (SELECT count(*)::int FROM user_block WHERE blocker_id = $2) AS blocks,
              (SELECT count(*)::int FROM conversation_report WHERE conversation_id = $1) AS reports`,
      [id, stranger.id],
    );
    expect([blocks, reports]).toEqual([0, 0]);
  });

  it("refuses a seller's own listing, a listing not on sale and bad text with translated errors, storing nothing", async () => {
    const buyer = await createSignedInUser(site.app);
    const listingId = await onSale();
    const own = await start(seller, listingId).expect(403);
    expect(own.body.message).toEqual(MESSAGES.conversationOwnListing);
    const waiting = await insertListing(site.dataSource, { authorId: seller.id, status: 'waiting' });
    expect((await start(buyer, waiting).expect(404)).body.message.uz).toBe("E'lon topilmadi");

    const empty = await start(buyer, listingId, '   ').expect(400);
    expect(empty.body).toMatchObject({ code: 'validationFailed', fields: { text: 'messageEmpty' } });
    const long = await start(buyer, listingId, 'a'.repeat(1001)).expect(400);
    expect(long.body.fields).toEqual({ text: 'messageTooLong' });
    const [{ count }] = await site.dataSource.query(`SELECT count(*)::int AS count FROM conversation WHERE listing_id = ANY($1)`, [[listingId, waiting]]);
    expect(count).toBe(0);

    const { body } = await start(buyer, listingId, 'a'.repeat(1000)).expect(201);
    await send(buyer, body.id, { text: 'b'.repeat(1001) }).expect(400);
    await send(buyer, body.id, { text: 'ok', images: ['1', '2', '3', '4', '5'].map(() => crypto.randomUUID()) }).expect(400);
    expect(await messagesOf(body.id)).toHaveLength(1);
  });

  it('keeps the conversation of a sold or removed listing readable and closed to new messages', async () => {
    const buyer = await createSignedInUser(site.app);
    const sold = await onSale();
    const removed = await onSale();
    for (const [listingId, change] of [
      [sold, `UPDATE listing SET status = 'noActive' WHERE id = $1`],
      [removed, `UPDATE listing SET deleted_at = now() WHERE id = $1`],
    ]) {
      const { body } = await start(buyer, listingId).expect(201);
      await site.dataSource.query(change, [listingId]);
      const closed = await send(seller, body.id, { text: 'Sotildi' }).expect(409);
      expect(closed.body.message).toEqual(MESSAGES.conversationClosed);
      await start(buyer, listingId, 'Yana bormi?').expect(409);
      const thread = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', seller.cookie).expect(200);
      expect(thread.body.messages).toHaveLength(1);
      const [listed] = (await http().get('/api/conversations').set('Cookie', buyer.cookie).expect(200)).body.conversations;
      expect(listed).toMatchObject({ id: body.id, state: 'closed' });
    }
  });

  it('stops messages both ways in every conversation of the two people once either blocks the other, until the blocker unblocks', async () => {
    const buyer = await createSignedInUser(site.app);
    const blocked = (await start(buyer, await onSale()).expect(201)).body;
    const earlier = (await start(buyer, await onSale()).expect(201)).body;
    const byBlocker = await http().post(`/api/conversations/${blocked.id}/block`).set('Cookie', seller.cookie).expect(200);
    expect(byBlocker.body).toMatchObject({ state: 'blocked', blockedByMe: true });
    for (const id of [blocked.id, earlier.id]) {
      for (const author of [buyer, seller]) {
        const refused = await send(author, id, { text: 'Salom?' }).expect(409);
        expect(refused.body.message).toEqual(MESSAGES.conversationBlocked);
      }
    }
    // Continued through the start route, or opened anew about another of the seller's listings: refused alike.
    const [continued, opened] = [await start(buyer, blocked.listing._id).expect(409), await start(buyer, await onSale()).expect(409)];
    expect([continued.body.message, opened.body.message]).toEqual([MESSAGES.conversationBlocked, MESSAGES.conversationBlocked]);
    expect(await messagesOf(blocked.id)).toHaveLength(1);
    expect(await messagesOf(earlier.id)).toHaveLength(1);
    const listed = (await http().get('/api/conversations').set('Cookie', buyer.cookie).expect(200)).body.conversations;
    expect(listed.map((conversation: { id: string; state: string; blockedByMe: boolean }) => [conversation.id, conversation.state, conversation.blockedByMe])).toEqual([
      [earlier.id, 'blocked', false],
      [blocked.id, 'blocked', false],
    ]);

    // The blocked person cannot lift it; the blocker can, from any of their conversations.
    expect((await http().post(`/api/conversations/${blocked.id}/unblock`).set('Cookie', buyer.cookie).expect(200)).body.state).toBe('blocked');
    await send(seller, blocked.id, { text: 'Salom?' }).expect(409);
    expect((await http().post(`/api/conversations/${earlier.id}/unblock`).set('Cookie', seller.cookie).expect(200)).body).toMatchObject({ state: 'open', blockedByMe: false });
    await send(seller, blocked.id, { text: 'Uzr, xato bosibman' }).expect(201);
    await start(buyer, await onSale()).expect(201);
  });

  it('takes no message the blocked person sent while the block was being made: what the blocker sees at its answer stays', async () => {
    const buyer = await createSignedInUser(site.app);
    const { body } = await start(buyer, await onSale()).expect(201);
    // Another session holds the conversation's row: the message stalls mid-statement, having read that nobody is blocked.
    const holder = await holdConversation(body.id);
    const message = send(buyer, body.id, { text: 'Kartaga pul tashlang, ertaga olib kelaman' }).then((answer) => answer);
    await eventually(async () => expect(await waitingForLocks()).toBe(1));

    let seenAtBlock: number | undefined;
    const block = http()
      .post(`/api/conversations/${body.id}/block`)
      .set('Cookie', seller.cookie)
      .then(async (answer) => {
        seenAtBlock = (await messagesOf(body.id)).length;
        return answer;
      });
    // The block answers, or waits for the message to be stored or refused first.
    await eventually(async () => expect(seenAtBlock !== undefined || (await waitingForLocks()) === 2).toBe(true));
    await holder.release();

    const [sent, blocked] = await Promise.all([message, block]);
    expect(blocked.status).toBe(200);
    expect([201, 409]).toContain(sent.status);
    expect(await messagesOf(body.id)).toHaveLength(seenAtBlock!);
  });

  it('marks every conversation the two people open while one blocks the other: none takes a message afterwards', async () => {
    const buyer = await createSignedInUser(site.app);
    const { body } = await start(buyer, await onSale()).expect(201);
    const listings = await Promise.all(Array.from({ length: 4 }, () => onSale()));
    // The block stalls on the first conversation's row, which another session holds, while the buyer opens new ones.
    const holder = await holdConversation(body.id);
    const block = http().post(`/api/conversations/${body.id}/block`).set('Cookie', seller.cookie).then((answer) => answer);
    await eventually(async () => expect(await waitingForLocks()).toBe(1));
    let settled = 0;
    const starts = listings.map((listingId) => start(buyer, listingId, 'Salom, bormi?').then((answer) => (settled++, answer)));
    // The starts are answered, or wait for the block to be made first.
    await eventually(async () => expect(settled === listings.length || (await waitingForLocks()) === 1 + listings.length).toBe(true));
    await holder.release();

    expect((await block).status).toBe(200);
    await Promise.all(starts);
    const opened = (await site.dataSource.query(`SELECT id FROM conversation WHERE buyer_id = $1`, [buyer.id])) as Array<{ id: string }>;
    const answers = await Promise.all(opened.map(({ id }) => send(buyer, id, { text: 'Javob bering' })));
    expect(countStatuses(answers)).toEqual({ 409: opened.length });
  });

  it('sends photos uploaded through the upload pipeline, and refuses one that is not the author’s', async () => {
    const buyer = await createSignedInUser(site.app);
    const { body } = await start(buyer, await onSale()).expect(201);
    const photos = await uploadPhotos(site.app, seller.cookie, 2);
    const sent = await send(seller, body.id, { text: 'Mana rasmlari', images: photos }).expect(201);
    expect(sent.body.images).toHaveLength(2);
    expect(sent.body.images[0]).toMatch(/^http/);
    const thread = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(200);
    expect(thread.body.messages.at(-1).images).toEqual(sent.body.images);

    const foreign = await send(buyer, body.id, { text: 'Bu meniki emas', images: photos }).expect(400);
    expect(foreign.body.message).toEqual(MESSAGES.messagePhotoNotFound);
    const notAPicture = await http()
      .post('/api/upload')
      .set('Cookie', buyer.cookie)
      .attach('files', Buffer.from('not a picture at all'), 'photo.jpg');
    expect(notAPicture.status).toBe(400);
    expect(await messagesOf(body.id)).toHaveLength(2);
  });

  it("keeps a photo sent in a message: its sender's DELETE /api/upload answers 409 photoInUse and the thread still shows it", async () => {
    const buyer = await createSignedInUser(site.app);
    const { body } = await start(buyer, await onSale()).expect(201);
    const [sentPhoto, unsent] = await uploadPhotos(site.app, seller.cookie, 2);
    const sent = await send(seller, body.id, { text: 'Mana rasmi', images: [sentPhoto] }).expect(201);

    const refused = await http().delete('/api/upload/').set('Cookie', seller.cookie).send({ _id: sentPhoto }).expect(409);
    expect(refused.body).toMatchObject({ code: 'photoInUse', message: MESSAGES.photoInUse });
    const thread = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(200);
    expect(thread.body.messages.at(-1).images).toEqual(sent.body.images);
    await http().get(new URL(sent.body.images[0]).pathname).expect(200);
    // A photo uploaded and never sent is still the sender's to delete.
    await http().delete('/api/upload/').set('Cookie', seller.cookie).send({ _id: unsent }).expect(200);
  });

  describe('a message sent again with its key (its answer was lost)', () => {
    const eventsOf = async (id: string) =>
      (await site.dataSource.query(`SELECT count(*)::int AS events FROM outbox_event WHERE name = 'conversation.message-sent' AND payload->>'conversationId' = $1`, [id]))[0]
        .events as number;

    it('is answered with the message already stored: written, told and counted once, with its photos', async () => {
      const buyer = await createSignedInUser(site.app);
      const clientKey = randomUUID();
      const opened = await start(buyer, await onSale(), 'Salom', clientKey).expect(201);
      const again = await start(buyer, opened.body.listing._id, 'Salom', clientKey).expect(201);
      expect(again.body.id).toBe(opened.body.id);
      const photos = await uploadPhotos(site.app, seller.cookie, 2);
      const answerKey = randomUUID();
      const sent = await send(seller, opened.body.id, { text: 'Mana rasmlari', images: photos, clientKey: answerKey }).expect(201);
      // Sent again with photos uploaded again, as the page does: the stored message and its photos come back.
      const resent = await send(seller, opened.body.id, { text: 'Mana rasmlari', images: await uploadPhotos(site.app, seller.cookie, 2), clientKey: answerKey }).expect(201);
      expect(resent.body).toEqual(sent.body);
      expect((await messagesOf(opened.body.id)).map((message) => message.text)).toEqual(['Salom', 'Mana rasmlari']);
      expect(await eventsOf(opened.body.id)).toBe(2);
      // The repeat took none of the minute's messages: this one is the buyer's second.
      expect(await site.app.get(RateLimitService).consume(CONVERSATION_RATE_LIMITS.messages, buyer.id)).toBe(2);
    });

    it('is written once when its copies arrive at once', async () => {
      const buyer = await createSignedInUser(site.app);
      const { body } = await start(buyer, await onSale()).expect(201);
      const clientKey = randomUUID();
      const answers = await burst(8, () => send(buyer, body.id, { text: 'Hali sotuvdami?', clientKey }));
      expect(countStatuses(answers)).toEqual({ 201: 8 });
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect(await messagesOf(body.id)).toHaveLength(2);
      expect(await eventsOf(body.id)).toBe(2);
      // The same key in another conversation is another message.
      const other = await start(buyer, await onSale()).expect(201);
      await send(buyer, other.body.id, { text: 'Hali sotuvdami?', clientKey }).expect(201);
      expect(await messagesOf(other.body.id)).toHaveLength(2);
    });

    it('lands a Telegram reply once when the bot handles its update twice (a poller that died before confirming it)', async () => {
      const buyer = await createSignedInUser(site.app);
      const { body } = await start(buyer, await onSale()).expect(201);
      await site.dataSource.query(`INSERT INTO conversation_relay (chat_id, bot_message_id, conversation_id, user_id) VALUES (778101, 41, $1, $2)`, [body.id, seller.id]);
      const conversations = site.app.get(ConversationsService);
      const reply = { chatId: '778101', repliedTo: 41, messageId: 42, text: 'Ha, sotuvda' };
      const [first, again] = await Promise.all([conversations.replyFromChat(seller.id, reply), conversations.replyFromChat(seller.id, reply)]);
      expect(again!.message.id).toBe(first!.message.id);
      await conversations.replyFromChat(seller.id, { ...reply, messageId: 43, text: 'Kelib ko‘ring' });
      expect((await messagesOf(body.id)).map((message) => message.text)).toEqual(['Assalomu alaykum, telefon hali sotuvdami?', 'Ha, sotuvda', 'Kelib ko‘ring']);
      expect(await eventsOf(body.id)).toBe(3);
    });

    it('refuses a key that is not a UUID with a translated error, storing nothing', async () => {
      const buyer = await createSignedInUser(site.app);
      const { body } = await start(buyer, await onSale()).expect(201);
      const refused = await send(buyer, body.id, { text: 'Salom', clientKey: 'again' }).expect(400);
      expect(refused.body.fields).toEqual({ clientKey: 'invalidValue' });
      expect(await messagesOf(body.id)).toHaveLength(1);
    });
  });

  it('flags a card number, prepayment wording, an outside link, a request for an SMS code, a payment told as made and the phone asked first to the reader, without blocking or masking', async () => {
    const buyer = await createSignedInUser(site.app);
    const { body } = await start(buyer, await onSale()).expect(201);
    const card = await send(seller, body.id, { text: 'Kartamga 8600 1234 5678 9012 ga tashlang' }).expect(201);
    expect(card.body).toMatchObject({ text: 'Kartamga 8600 1234 5678 9012 ga tashlang', warnings: expect.arrayContaining(['cardNumber', 'prepayment']) });
    expect((await send(seller, body.id, { text: 'Predoplata 50%' }).expect(201)).body.warnings).toEqual(['prepayment']);
    expect((await send(seller, body.id, { text: 'Rasmlar: https://t.me/phoneshop' }).expect(201)).body.warnings).toEqual(['outsideLink']);
    expect((await send(seller, body.id, { text: 'Raqamim 90 123 45 67, telefon qiling' }).expect(201)).body.warnings).toEqual([]);
    // A link holding a phone number is still a link off the site; a Telegram name beside the word for it too.
    expect((await send(seller, body.id, { text: 'Yozing: wa.me/998901234567' }).expect(201)).body.warnings).toEqual(['outsideLink']);
    expect((await send(seller, body.id, { text: 'Telegramdan yozing: arzon_tel' }).expect(201)).body.warnings).toEqual(['outsideLink']);
    // A 'buyer' who has paid and wants the bank's SMS code, or the card's expiry and CVV; a phishing link.
    expect((await send(buyer, body.id, { text: "Pulni o'tkazdim, SMS kodni ayting" }).expect(201)).body.warnings).toEqual(['secretsAsked']);
    expect((await send(buyer, body.id, { text: 'Срок действия карты и CVV пришлите, переведу' }).expect(201)).body.warnings).toEqual(['secretsAsked']);
    // The phishing link: money offered through a page, which is where the card's details would be typed.
    expect((await send(buyer, body.id, { text: 'Получите оплату по ссылке bit.ly/3xYzPay' }).expect(201)).body.warnings).toEqual(['prepayment', 'outsideLink', 'secretsAsked']);
    expect((await send(buyer, body.id, { text: 'Havolaga kirib pulni oling' }).expect(201)).body.warnings).toEqual(['prepayment', 'secretsAsked']);
    expect((await send(buyer, body.id, { text: 'IMEI kodini yozing, tekshiraman' }).expect(201)).body.warnings).toEqual([]);
    // A 'buyer' who says the money was sent and shows a receipt: the seller is told to check the bank.
    expect((await send(buyer, body.id, { text: "Pul o'tkazdim, chekni ko'ring, telefonni pochtaga topshiring" }).expect(201)).body.warnings).toEqual(['paymentClaimed']);
    // One who asks for the phone first and will pay after: the seller is told not to let it go before the money.
    expect((await send(buyer, body.id, { text: "Pulni keyin o'tkazaman, telefonni taksiga qo'yib yuboring" }).expect(201)).body.warnings).toEqual(['phoneFirst']);
    const thread = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(200);
    expect(thread.body.messages[1]).toMatchObject({ mine: false, warnings: expect.arrayContaining(['cardNumber']) });
  });

  it('flags a card number sent in parts, or spelled in words, on the message that completes it', async () => {
    // A seller of their own: the shared one's messages of the minute are spent by the tests before.
    const cardSeller = await createSignedInUser(site.app);
    const buyer = await createSignedInUser(site.app);
    const listingId = await insertListing(site.dataSource, { authorId: cardSeller.id, status: 'active' });
    const { body } = await start(buyer, listingId).expect(201);
    const warningsOf = async (text: string, from = cardSeller) => (await send(from, body.id, { text }).expect(201)).body.warnings;
    expect(await warningsOf('Raqamim: 8600 1234')).toEqual([]);
    expect(await warningsOf('5678')).toEqual([]);
    expect(await warningsOf('9012, shunga tashlang')).toEqual(['cardNumber']);
    // The buyer's numbers never join the seller's; a reply in between starts with words, and numbers that make no card stay unflagged.
    expect(await warningsOf('8600 1234 5678', buyer)).toEqual([]);
    expect(await warningsOf('Narxi 4 500 000, kelishamiz')).toEqual([]);
    expect(await warningsOf('3 kun ichida olib ketsangiz 4 300 000')).toEqual([]);
    expect(await warningsOf('sakkiz olti nol nol, bir ikki uch to‘rt, besh olti yetti sakkiz, to‘qqiz nol bir ikki')).toEqual(['cardNumber']);
    // Words around and between the parts: a local card's groups of four still join; a measure is no group.
    expect(await warningsOf('Humo: 9860 0101, yarmi')).toEqual([]);
    expect(await warningsOf('qolgani esa 2345 6781 bo‘ladi')).toEqual(['cardNumber']);
    expect(await warningsOf('Batareya 8600 mAh, 2022 yil')).toEqual([]);
    expect(await warningsOf('ekran 1080 x 2400')).toEqual([]);
  });

  it('opens a conversation to the moderators only once reported, with who reported it, its listing and its two people, and records each read', async () => {
    const buyer = await createSignedInUser(site.app, { name: 'Jasur' });
    const admin = await createSignedInUser(site.app, { role: 'admin' });
    const listingId = await onSale('Reported phone');
    const { body } = await start(buyer, listingId).expect(201);
    await http().get(`/api/admin/conversations/${body.id}/messages`).set('Cookie', admin.cookie).expect(404);
    await http().get(`/api/admin/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(403);

    const missingText = await http().post(`/api/conversations/${body.id}/report`).set('Cookie', seller.cookie).send({ reason: 'other' }).expect(400);
    expect(missingText.body.fields).toEqual({ text: 'required' });
    const reported = await http().post(`/api/conversations/${body.id}/report`).set('Cookie', seller.cookie).send({ reason: 'fraud', text: 'Karta so‘radi' }).expect(200);
    expect(reported.body.message).toEqual(MESSAGES.conversationReported);

    await http().post(`/api/conversations/${body.id}/report`).set('Cookie', buyer.cookie).send({ reason: 'rude' }).expect(200);

    const listing = { _id: listingId, name: 'Reported phone', price: expect.any(Number), valut: expect.any(String), image: expect.objectContaining({ location: expect.stringMatching(/^http/) }), state: 'onSale' };
    const queue = await http().get('/api/admin/conversations/reported').set('Cookie', admin.cookie).expect(200);
    expect(queue.body.conversations.find((conversation: { id: string }) => conversation.id === body.id)).toEqual({
      id: body.id,
      listing,
      reportedAt: expect.any(String),
      reports: [
        { reason: 'fraud', text: 'Karta so‘radi', reporter: { role: 'seller', name: 'Sardor' } },
        { reason: 'rude', reporter: { role: 'buyer', name: 'Jasur' } },
      ],
    });
    const thread = await http().get(`/api/admin/conversations/${body.id}/messages`).set('Cookie', admin.cookie).expect(200);
    expect(thread.body).toMatchObject({ listing, buyer: { id: buyer.id, name: 'Jasur' }, seller: { id: seller.id, name: 'Sardor' } });
    expect(thread.body.messages).toHaveLength(1);
    await http().get(`/api/admin/conversations/${body.id}/messages`).set('Cookie', admin.cookie).expect(200);
    const reads = await site.dataSource.query(`SELECT moderator_id FROM conversation_moderator_read WHERE conversation_id = $1`, [body.id]);
    expect(reads).toEqual([{ moderator_id: admin.id }, { moderator_id: admin.id }]);
  });

  describe('limits under a burst', () => {
    it(`opens at most ${CONVERSATION_RATE_LIMITS.newConversations.points} new conversations an hour per account`, async () => {
      const buyer = await createSignedInUser(site.app);
      const listings = await Promise.all(Array.from({ length: 25 }, () => onSale()));
      const answers = await burst(25, (index) => start(buyer, listings[index], `Salom ${index}`));
      expect(countStatuses(answers)).toEqual({ 201: 20, 429: 5 });
      // Refused by the hour's new conversations, not by the minute's messages (also 20, and each start sends one).
      for (const refused of answers.filter((answer) => answer.status === 429)) expect(refused.body.retryAfterSeconds).toBeGreaterThan(60);
      const [{ count }] = await site.dataSource.query(`SELECT count(*)::int AS count FROM conversation WHERE buyer_id = $1`, [buyer.id]);
      expect(count).toBe(20);
    });

    it("gives back the new conversation taken by a start that the minute's messages limit refused", async () => {
      const buyer = await createSignedInUser(site.app);
      const limits = site.app.get(RateLimitService);
      await limits.consume(CONVERSATION_RATE_LIMITS.messages, buyer.id, CONVERSATION_RATE_LIMITS.messages.points - 5);
      const listings = await Promise.all(Array.from({ length: 10 }, () => onSale()));
      const answers = await burst(10, (index) => start(buyer, listings[index], `Salom ${index}`));
      expect(countStatuses(answers)).toEqual({ 201: 5, 429: 5 });
      for (const refused of answers.filter((answer) => answer.status === 429)) expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(60);
      // Five opened, so the next is the hour's sixth.
      expect(await limits.consume(CONVERSATION_RATE_LIMITS.newConversations, buyer.id)).toBe(6);
    });

    it('takes no new conversation and no message for starts refused by a block or a closed listing', async () => {
      const buyer = await createSignedInUser(site.app);
      const otherSeller = await createSignedInUser(site.app);
      const blocked = (await start(buyer, await onSale()).expect(201)).body;
      const soldId = await insertListing(site.dataSource, { authorId: otherSeller.id, status: 'active' });
      await start(buyer, soldId).expect(201);
      await http().post(`/api/conversations/${blocked.id}/block`).set('Cookie', seller.cookie).expect(200);
      await site.dataSource.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [soldId]);

      // New conversations about the blocking seller's other listings, and more messages about the sold one.
      const listings = await Promise.all(Array.from({ length: 10 }, () => onSale()));
      const answers = await burst(15, (index) => (index < 10 ? start(buyer, listings[index], `Salom ${index}`) : start(buyer, soldId, `Hali bormi ${index}?`)));
      expect(countStatuses(answers)).toEqual({ 409: 15 });
      expect(answers.map((answer) => answer.body.code).sort()).toEqual([...Array(10).fill('conversationBlocked'), ...Array(5).fill('conversationClosed')]);
      // Only the two first starts took their points: the next of each is the third.
      const limits = site.app.get(RateLimitService);
      expect(await limits.consume(CONVERSATION_RATE_LIMITS.newConversations, buyer.id)).toBe(3);
      expect(await limits.consume(CONVERSATION_RATE_LIMITS.messages, buyer.id)).toBe(3);
    });

    it('opens one conversation when a buyer writes about a listing from two pages at once: every message kept, told new once, one of the hour taken', async () => {
      const buyer = await createSignedInUser(site.app);
      const listingId = await onSale('Written to twice');
      const answers = await burst(6, (index) => start(buyer, listingId, `Salom ${index}`));
      expect(countStatuses(answers)).toEqual({ 201: 6 });
      const conversations = await site.dataSource.query(`SELECT id FROM conversation WHERE buyer_id = $1`, [buyer.id]);
      expect(conversations).toHaveLength(1);
      expect(await messagesOf(conversations[0].id)).toHaveLength(6);
      // The first message alone carries the safety note and tells the seller of a new conversation.
      const events = await site.dataSource.query(`SELECT payload FROM outbox_event WHERE name = 'conversation.message-sent' AND payload->>'conversationId' = $1`, [
        conversations[0].id,
      ]);
      expect(events.map((event: { payload: unknown }) => parseEventPayload('conversation.message-sent', event.payload).first).sort()).toEqual([false, false, false, false, false, true]);
      // One of the hour's new conversations taken: the next makes two.
      expect(await site.app.get(RateLimitService).consume(CONVERSATION_RATE_LIMITS.newConversations, buyer.id)).toBe(2);
    });

    it(`sends at most ${CONVERSATION_RATE_LIMITS.messages.points} messages a minute per account`, async () => {
      const buyer = await createSignedInUser(site.app);
      const { body } = await start(buyer, await onSale()).expect(201);
      const answers = await burst(30, (index) => send(buyer, body.id, { text: `Xabar ${index}` }));
      // The opening message counted too.
      expect(countStatuses(answers)).toEqual({ 201: 19, 429: 11 });
      expect(await messagesOf(body.id)).toHaveLength(20);
    });

    it(`sends at most ${CONVERSATION_RATE_LIMITS.photos.points} photos an hour per account`, async () => {
      const buyer = await createSignedInUser(site.app);
      const { body } = await start(buyer, await onSale()).expect(201);
      const photos = await uploadPhotos(site.app, buyer.cookie, 4);
      const answers = await burst(12, () => send(buyer, body.id, { text: 'Rasmlar', images: photos }));
      expect(countStatuses(answers)).toEqual({ 201: 10, 429: 2 });
      expect(await messagesOf(body.id)).toHaveLength(11);
      // The messages refused for their photos were given back: a message without photos still goes.
      await send(buyer, body.id, { text: 'Rasmsiz' }).expect(201);
    });

    it('counts a photo attached twice to one message once', async () => {
      const buyer = await createSignedInUser(site.app);
      const { body } = await start(buyer, await onSale()).expect(201);
      const [first, second] = await uploadPhotos(site.app, buyer.cookie, 2);
      // 19 messages of 2 distinct photos each: 38 of the hour's 40, and the minute's last 19 messages.
      const answers = await burst(19, () => send(buyer, body.id, { text: 'Rasmlar', images: [first, first, second, second] }));
      expect(countStatuses(answers)).toEqual({ 201: 19 });
      expect(await site.app.get(RateLimitService).consume(CONVERSATION_RATE_LIMITS.photos, buyer.id, 2)).toBe(40);
    });
  });
});
