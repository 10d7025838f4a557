import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PAYME_OFFER_URL, SANDBOX_OTP, createCardPaymentSchema } from '@market/contracts';
import { createApp } from '../src/app.factory';
import { PaymentSettlement } from '../src/payments/payment-settlement.service';
import { CONFIRMATION_ANSWER_WITHIN_MS } from '../src/payments/payments.service';
import { cardGatewayFor } from '../src/payments/payments.module';
import type { RedisClient } from '../src/redis/redis.module';
import { confirmedCardToken, FAKE_PAYME_CODE, startFakePayme, type FakePayme, type PaymeAnswer } from '../../test/fakes/card-gateway';
import { startedApp } from '../../test/support/app';
import { testConfig } from '../../test/support/config';
import { burst, countStatuses } from '../../test/support/burst';
import { eventually } from '../../test/support/eventually';
import type { TestUser } from '../../test/support/users';
import { createSignedInUser } from '../../test/support/users';

const UZCARD = '8600 0691 9540 6311';
const HUMO = '9860 0101 0101 0105';
const POOR_CARD = '8600 1111 1111 1110';
const BLOCKED_CARD = '9860 2222 2222 2226';

const CREATE = '/api/payments/uzcard/createTransaction';
const CONFIRM = '/api/payments/uzcard/confirmTransaction';
const STATE = '/api/payments/uzcard/transactions';
const PROCESSING = { result: { status: 'processing' } };
const SANDBOX_CHECKOUT = { url: '/api/payments/sandbox-payme', cashboxId: 'sandbox' };

/** Shared by both gateways: what a user can observe of their balance and the records behind it. */
function observer(app: INestApplication) {
  const database = app.get(DataSource);
  return {
    async balance(user: TestUser): Promise<number> {
      const [{ balance }] = await database.query(`SELECT balance FROM users WHERE id = $1`, [user.id]);
      return Number(balance);
    },
    async payment(transactionId: string) {
      const [row] = await database.query(`SELECT * FROM payment_transaction WHERE id = $1`, [transactionId]);
      return row as Record<string, unknown>;
    },
    async paymentsOf(user: TestUser): Promise<number> {
      const [{ count }] = await database.query(`SELECT count(*)::int AS count FROM payment_transaction WHERE user_id = $1`, [user.id]);
      return count;
    },
    async ledger(user: TestUser) {
      return database.query(`SELECT amount::int AS amount, kind, reference FROM balance_entry WHERE user_id = $1`, [user.id]);
    },
    async confirmedEvents(transactionId: string) {
      return database.query(`SELECT payload FROM outbox_event WHERE name = 'payment.confirmed' AND payload->>'transactionId' = $1`, [
        transactionId,
      ]);
    },
    expire(transactionId: string) {
      return database.query(`UPDATE payment_transaction SET created_at = now() - interval '301 seconds' WHERE id = $1`, [transactionId]);
    },
  };
}

/** A fake Payme with the cashbox 'market' and `cards` (valid to 03/99), and the API paying through it, waiting `timeoutMs` a call. */
async function apiPayingThroughFakePayme(cards: Array<{ number: string; phone: string; balance: number }>, timeoutMs: number) {
  const payme = await startFakePayme({ merchantId: 'market', key: 'payme-key', cards: cards.map((card) => ({ ...card, expire: '0399' })) });
  const app = await startedApp({ PAYME_BASE_URL: payme.url, PAYME_MERCHANT_ID: 'market', PAYME_KEY: 'payme-key', PAYME_TIMEOUT_MS: String(timeoutMs) });
  return { payme, app, seen: observer(app) };
}

/** The browser's part of a payment: the card to the fake Payme with the cashbox id alone; answers the verified card's token. */
async function paymeCardToken(payme: FakePayme, cardNumber: string): Promise<string> {
  const confirmed = await confirmedCardToken({ url: payme.url, cashboxId: 'market' }, { number: cardNumber, expire: '0399' }, FAKE_PAYME_CODE);
  if (!('token' in confirmed)) throw new Error(`Payme refused the card: ${confirmed.refusal.code}`);
  return confirmed.token;
}

describe('card top-up with the sandbox gateway', () => {
  let app: INestApplication;
  let seen: ReturnType<typeof observer>;

  const start = (user: TestUser, body: Record<string, unknown>) =>
    request(app.getHttpServer()).post(CREATE).set('Cookie', user.cookie).send(body);
  const confirm = (user: TestUser, transactionId: string) =>
    request(app.getHttpServer()).post(CONFIRM).set('Cookie', user.cookie).send({ transactionId });
  const state = (user: TestUser, transactionId: string) => request(app.getHttpServer()).get(`${STATE}/${transactionId}`).set('Cookie', user.cookie);
  /** The dialog's card methods, sent to the sandbox as the browser sends them. */
  const cardFlow = (card: string, code = SANDBOX_OTP, checkout = SANDBOX_CHECKOUT) =>
    confirmedCardToken(checkout, { number: card, expire: '0399' }, code, async (body, headers) =>
      (await request(app.getHttpServer()).post(checkout.url).set(headers).send(body as object)).body as PaymeAnswer,
    );
  async function cardToken(card = UZCARD): Promise<string> {
    const confirmed = await cardFlow(card);
    if (!('token' in confirmed)) throw new Error(`the sandbox refused the card: ${confirmed.refusal.code}`);
    return confirmed.token;
  }

  async function startedPayment(user: TestUser, amount = 50_000, card = UZCARD): Promise<string> {
    const response = await start(user, { amount, cardToken: await cardToken(card) }).expect(201);
    return response.body.result.transactionId;
  }

  beforeAll(async () => {
    app = await startedApp();
    seen = observer(app);
  });
  afterAll(() => app.close());

  it('tells the dialog where to send the card, that payments are simulated and which test cards work', async () => {
    const response = await request(app.getHttpServer()).get('/api/payments/uzcard/mode').expect(200);
    expect(response.body).toMatchObject({ sandbox: true, otp: SANDBOX_OTP, checkout: { ...SANDBOX_CHECKOUT, offerUrl: PAYME_OFFER_URL } });
    expect(response.body.testCards).toContainEqual({ number: UZCARD, expiry: '03/99', outcome: 'success' });
  });

  it('takes no card number: the create body has no field for one, and a body carrying one is refused', async () => {
    expect(Object.keys(createCardPaymentSchema.shape).sort()).toEqual(['amount', 'cardToken']);
    const user = await createSignedInUser(app);
    const response = await start(user, { amount: 10_000, cardToken: await cardToken(), cardNumber: UZCARD.replace(/\s/g, ''), expireDate: '9903' }).expect(400);
    expect(response.body.code).toBe('validationFailed');
    expect(await seen.paymentsOf(user)).toBe(0);
  });

  it('asks a visitor to sign in', async () => {
    const response = await request(app.getHttpServer()).post(CREATE).send({ amount: 50_000, cardToken: 'sandbox:x' });
    expect(response.status).toBe(401);
    await request(app.getHttpServer()).post(CONFIRM).send({ transactionId: randomUUID() }).expect(401);
  });

  it('tops the balance up: card confirmed by its code, payment confirmed, balance and history updated, seller notified', async () => {
    const user = await createSignedInUser(app, { balance: 1_000 });
    const confirmed = await cardFlow(UZCARD);
    expect(confirmed).toMatchObject({ phone: '99890*****67' });
    const started = await start(user, { amount: 50_000, cardToken: (confirmed as { token: string }).token }).expect(201);
    expect(started.body).toEqual({ result: { transactionId: expect.any(String) } });
    const { transactionId } = started.body.result;

    const paid = await confirm(user, transactionId).expect(200);
    expect(paid.body).toEqual({ result: { status: 'confirmed', amount: 50_000 } });
    expect(await seen.balance(user)).toBe(51_000);
    expect(await seen.ledger(user)).toEqual([{ amount: 50_000, kind: 'topUp', reference: transactionId }]);
    expect(await seen.confirmedEvents(transactionId)).toEqual([{ payload: { userId: user.id, transactionId, amount: 50_000 } }]);

    const history = await request(app.getHttpServer()).get('/api/user/balance-history').set('Cookie', user.cookie).expect(200);
    expect(history.body.entries).toEqual([
      { _id: expect.any(String), amount: 50_000, kind: 'topUp', reference: transactionId, createdAt: expect.any(String) },
    ]);
  });

  it('keeps only the last four digits and the card type, as the gateway tells them', async () => {
    const user = await createSignedInUser(app);
    const transactionId = await startedPayment(user, 10_000, HUMO);
    const row = await seen.payment(transactionId);
    expect(row).toMatchObject({ card_last4: '0105', card_type: 'humo', provider: 'sandbox', status: 'pending', amount: '10000' });
    expect(JSON.stringify(row)).not.toMatch(/9860010101010105|986001|9903|0399/);
  });

  describe('refuses a broken rule with its message key and stores nothing', () => {
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ["999 so'm", { amount: 999 }, { amount: 'maxVal1000uzs' }],
      ['over a million', { amount: 1_000_001 }, { amount: 'maxVal1mln' }],
      ['a fractional amount', { amount: 1_000.5 }, { amount: 'invalidValue' }],
      ['missing fields', { amount: undefined, cardToken: undefined }, { amount: 'required', cardToken: 'required' }],
    ];

    it.each(cases)('%s', async (_name, change, fields) => {
      const user = await createSignedInUser(app);
      const response = await start(user, { amount: 50_000, cardToken: 'sandbox:x', ...change }).expect(400);
      expect(response.body).toMatchObject({ code: 'validationFailed', fields });
      expect(await seen.paymentsOf(user)).toBe(0);
    });
  });

  it('answers the same amount to a repeated confirmation and credits once', async () => {
    const user = await createSignedInUser(app);
    const transactionId = await startedPayment(user, 20_000);
    await confirm(user, transactionId).expect(200);
    const again = await confirm(user, transactionId).expect(200);
    expect(again.body).toEqual({ result: { status: 'confirmed', amount: 20_000 } });
    expect(await seen.balance(user)).toBe(20_000);
    expect(await seen.ledger(user)).toHaveLength(1);
    expect(await seen.confirmedEvents(transactionId)).toHaveLength(1);
  });

  it('credits exactly once when 50 confirmations of one payment arrive together; those that found it at the gateway answer processing', async () => {
    const user = await createSignedInUser(app);
    const transactionId = await startedPayment(user, 75_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(user, transactionId)));
    const confirmed = { status: 200, body: { result: { status: 'confirmed', amount: 75_000 } } };
    for (const answer of answers) expect([confirmed, { status: 200, body: PROCESSING }]).toContainEqual({ status: answer.status, body: answer.body });
    expect(answers.map((answer) => answer.body)).toContainEqual(confirmed.body);
    expect((await state(user, transactionId).expect(200)).body).toEqual(confirmed.body);
    expect(await seen.balance(user)).toBe(75_000);
    expect(await seen.ledger(user)).toHaveLength(1);
    expect(await seen.confirmedEvents(transactionId)).toHaveLength(1);
  });

  it("answers the card methods as Payme does: a wrong code, a cashbox key, a card other than the test cards, the blocked test card", async () => {
    expect(await cardFlow(UZCARD, '123456')).toMatchObject({ method: 'cards.verify', refusal: { code: -31103, message: { uz: "Tasdiqlash kodi noto'g'ri" } } });
    expect(await cardFlow(UZCARD, SANDBOX_OTP, { ...SANDBOX_CHECKOUT, cashboxId: 'sandbox:key' })).toMatchObject({ refusal: { code: -32504 } });
    expect(await cardFlow('8600 0000 0000 0007')).toMatchObject({ method: 'cards.create', refusal: { message: { uz: 'Sinov rejimida faqat test kartalari qabul qilinadi' } } });
    expect(await cardFlow(BLOCKED_CARD)).toMatchObject({ method: 'cards.create', refusal: { message: { uz: 'Karta bloklangan yoki SMS-xabarnoma ulanmagan' } } });
  });

  it('refuses a card token its code did not confirm, and stores nothing', async () => {
    const user = await createSignedInUser(app);
    const created = await request(app.getHttpServer())
      .post(SANDBOX_CHECKOUT.url)
      .set('X-Auth', 'sandbox')
      .send({ id: 1, method: 'cards.create', params: { card: { number: UZCARD.replace(/\s/g, ''), expire: '0399' }, save: false } })
      .expect(200);
    const response = await start(user, { amount: 10_000, cardToken: created.body.result.card.token }).expect(400);
    expect(response.body.code).toBe('cardInvalid');
    expect(await seen.paymentsOf(user)).toBe(0);
  });

  it('never credits a payment confirmed more than 5 minutes after it started', async () => {
    const user = await createSignedInUser(app);
    const transactionId = await startedPayment(user, 10_000);
    await seen.expire(transactionId);
    const response = await confirm(user, transactionId).expect(410);
    expect(response.body.code).toBe('paymentExpired');
    await confirm(user, transactionId).expect(410);
    expect(await seen.balance(user)).toBe(0);
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'failed', failure_reason: 'paymentExpired' });
  });

  it("answers someone else's payment as not found and leaves it to its owner", async () => {
    const owner = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const transactionId = await startedPayment(owner, 10_000);
    const response = await confirm(stranger, transactionId).expect(404);
    expect(response.body.code).toBe('paymentNotFound');
    await confirm(stranger, randomUUID()).expect(404);
    expect((await state(stranger, transactionId).expect(404)).body.code).toBe('paymentNotFound');
    expect((await state(owner, transactionId).expect(200)).body).toEqual({ result: { status: 'pending' } });
    expect(await seen.balance(stranger)).toBe(0);
    await confirm(owner, transactionId).expect(200);
    expect(await seen.balance(owner)).toBe(10_000);
  });

  it('passes insufficient funds on, fails the payment and answers a replay the same way', async () => {
    const user = await createSignedInUser(app);
    const transactionId = await startedPayment(user, 10_000, POOR_CARD);
    const refused = await confirm(user, transactionId).expect(402);
    expect(refused.body).toMatchObject({ code: 'paymentInsufficientFunds', message: { uz: "Kartada mablag' yetarli emas" } });
    await confirm(user, transactionId).expect(402);
    expect(await seen.balance(user)).toBe(0);
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'failed', failure_reason: 'paymentInsufficientFunds' });
  });

  it('limits how many payments a user may start in an hour', async () => {
    const user = await createSignedInUser(app);
    for (let attempt = 0; attempt < 10; attempt++) await startedPayment(user, 1_000);
    const limited = await start(user, { amount: 1_000, cardToken: await cardToken() }).expect(429);
    expect(limited.body.code).toBe('tooManyRequests');
    expect(await seen.paymentsOf(user)).toBe(10);
  });

  it('starts at most the hour\'s 10 payments of a burst sent at once, each a receipt at Payme', async () => {
    const user = await createSignedInUser(app);
    const tokens = await Promise.all(Array.from({ length: 14 }, () => cardToken()));
    const answers = await burst(14, (index) => start(user, { amount: 1_000, cardToken: tokens[index] }));
    expect(countStatuses(answers)).toEqual({ 201: 10, 429: 4 });
    expect(await seen.paymentsOf(user)).toBe(10);
  });
});

describe('card top-up through the Payme client and a fake Payme', () => {
  let app: INestApplication;
  let payme: FakePayme;
  let seen: ReturnType<typeof observer>;
  const RICH_CARD = '8600069195406311';
  const POOR_CARD_NUMBER = '9860010101010105';

  /** The browser's part (the card to Payme, with the cashbox id), then the payment created with the verified token. */
  async function start(user: TestUser, cardNumber = RICH_CARD, amount = 40_000) {
    const cardToken = await paymeCardToken(payme, cardNumber);
    return request(app.getHttpServer()).post(CREATE).set('Cookie', user.cookie).send({ amount, cardToken }).expect(201);
  }
  const confirm = (user: TestUser, transactionId: string) =>
    request(app.getHttpServer()).post(CONFIRM).set('Cookie', user.cookie).send({ transactionId });
  const state = (user: TestUser, transactionId: string) => request(app.getHttpServer()).get(`${STATE}/${transactionId}`).set('Cookie', user.cookie);

  beforeAll(async () => {
    ({ payme, app, seen } = await apiPayingThroughFakePayme(
      [
        { number: RICH_CARD, phone: '998935550011', balance: 1_000_000_000 },
        { number: POOR_CARD_NUMBER, phone: '998935550022', balance: 100 },
      ],
      300,
    ));
  });
  afterAll(async () => {
    await app.close();
    await payme.close();
  });

  it("says payments are real and sends the browser to Payme's checkout with the cashbox id alone", async () => {
    const response = await request(app.getHttpServer()).get('/api/payments/uzcard/mode').expect(200);
    expect(response.body).toEqual({ sandbox: false, checkout: { url: payme.url, cashboxId: 'market', offerUrl: PAYME_OFFER_URL } });
    expect(JSON.stringify(response.body)).not.toContain('payme-key');
  });

  it('lets the browser reach Payme\'s checkout and nothing else: the CSP connect-src names exactly its origin', async () => {
    const response = await request(app.getHttpServer()).get('/api/payments/uzcard/mode').expect(200);
    const connectSrc = /connect-src ([^;]+)/.exec(response.headers['content-security-policy'])![1].split(' ');
    expect(connectSrc).toEqual(["'self'", new URL(payme.url).origin]);
  });

  it("pays Payme's receipt once for 50 confirmations", async () => {
    const user = await createSignedInUser(app);
    const started = await start(user);
    const { transactionId } = started.body.result;
    expect(await seen.payment(transactionId)).toMatchObject({ provider: 'payme', provider_ref: expect.any(String) });

    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(user, transactionId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const receiptId = (await seen.payment(transactionId)).provider_ref;
    expect(payme.callsOf('receipts.pay').filter((call) => call.params.id === receiptId)).toHaveLength(1);
    expect(await seen.balance(user)).toBe(40_000);
  });

  it("shows Payme's own words for -31630 (several causes) and fails the payment", async () => {
    const user = await createSignedInUser(app);
    const started = await start(user, POOR_CARD_NUMBER);
    const { transactionId } = started.body.result;
    const refused = await confirm(user, transactionId).expect(402);
    expect(refused.body).toMatchObject({ code: 'paymentRefused', message: { uz: "Mablag' yetarli emas", ru: 'Недостаточно средств' } });
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'failed', failure_reason: 'paymentRefused' });
    expect(await seen.balance(user)).toBe(0);
  });

  it('keeps the payment open when Payme answers -31002 (processing centre unavailable) and credits it when confirmed again', async () => {
    const user = await createSignedInUser(app);
    const { transactionId } = (await start(user, RICH_CARD, 15_000)).body.result;
    const unavailable = { ru: 'Процессинговый центр недоступен', uz: 'Protsessing markazi ishlamayapti', en: 'Processing center is not available' };
    payme.refuseNext('receipts.pay', -31002, unavailable);

    const refused = await confirm(user, transactionId).expect(503);
    expect(refused.body).toMatchObject({ code: 'paymentGatewayUnavailable', message: unavailable });
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'pending' });
    await confirm(user, transactionId).expect(200);
    expect(await seen.balance(user)).toBe(15_000);
  });

  it('keeps the payment open when Payme does not answer in time and credits once when confirmed again', async () => {
    const user = await createSignedInUser(app);
    const started = await start(user, RICH_CARD, 25_000);
    const { transactionId } = started.body.result;
    const cardBefore = payme.cardBalance(RICH_CARD)!;
    // Payme takes the money, but its answer arrives after our timeout.
    payme.delayNext('receipts.pay', 800);
    const late = await confirm(user, transactionId).expect(504);
    expect(late.body.code).toBe('paymentGatewayTimeout');
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'pending' });
    expect(await seen.balance(user)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 800));

    await confirm(user, transactionId).expect(200);
    expect(await seen.balance(user)).toBe(25_000);
    expect(payme.cardBalance(RICH_CARD)).toBe(cardBefore - 2_500_000);
  });

  it("credits a payment whose receipt an earlier confirmation's late receipts.pay paid, when Payme refuses the next one", async () => {
    const user = await createSignedInUser(app);
    const { transactionId } = (await start(user, RICH_CARD, 35_000)).body.result;
    const cardBefore = payme.cardBalance(RICH_CARD)!;
    payme.landEarlierPayBeforeNext();

    expect((await confirm(user, transactionId).expect(200)).body).toEqual({ result: { status: 'confirmed', amount: 35_000 } });
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'confirmed' });
    expect(await seen.balance(user)).toBe(35_000);
    expect(payme.cardBalance(RICH_CARD)).toBe(cardBefore - 3_500_000);
  });

  it('cancels the receipt at Payme before failing a payment, so no late receipts.pay can still take the money', async () => {
    const user = await createSignedInUser(app);
    const refusedId = (await start(user, POOR_CARD_NUMBER)).body.result.transactionId;
    await confirm(user, refusedId).expect(402);
    const expiredId = (await start(user, RICH_CARD, 12_000)).body.result.transactionId;
    await seen.expire(expiredId);
    expect((await confirm(user, expiredId).expect(410)).body.code).toBe('paymentExpired');

    for (const transactionId of [refusedId, expiredId]) {
      const payment = await seen.payment(transactionId);
      expect(payment).toMatchObject({ status: 'failed' });
      expect(payme.receiptState(payment.provider_ref as string)).toBe(50);
    }
  });

  it('keeps a refused payment open for the re-check when Payme cannot say whether its receipt was cancelled', async () => {
    const user = await createSignedInUser(app);
    const { transactionId } = (await start(user, POOR_CARD_NUMBER)).body.result;
    payme.refuseNext('receipts.cancel', -31008, { ru: 'Невозможно выполнить операцию', uz: "Amalni bajarib bo'lmaydi", en: 'Unable to perform operation' });

    expect((await confirm(user, transactionId).expect(402)).body.code).toBe('paymentRefused');
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'pending' });
    expect(await seen.balance(user)).toBe(0);

    // Past its lifetime the re-check cancels its receipt and fails it.
    await seen.expire(transactionId);
    await app.get(PaymentSettlement).recheckUnresolved();
    const payment = await seen.payment(transactionId);
    expect(payment).toMatchObject({ status: 'failed', failure_reason: 'paymentExpired' });
    expect(payme.receiptState(payment.provider_ref as string)).toBe(50);
  });

  it('credits a receipt Payme has not settled only once the workers find it paid, and only once', async () => {
    const settlement = app.get(PaymentSettlement);
    const user = await createSignedInUser(app);
    const { transactionId } = (await start(user, RICH_CARD, 30_000)).body.result;
    payme.scriptNextPay({ state: 30 });

    const processing = await confirm(user, transactionId).expect(200);
    expect(processing.body).toEqual(PROCESSING);
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'settling' });
    expect((await state(user, transactionId).expect(200)).body).toEqual(PROCESSING);
    // Confirming again or re-checking while Payme still works on it changes nothing.
    expect((await confirm(user, transactionId).expect(200)).body).toEqual(PROCESSING);
    expect(await settlement.recheckUnresolved()).toMatchObject({ paid: 0 });
    expect(await seen.balance(user)).toBe(0);

    const receiptId = (await seen.payment(transactionId)).provider_ref as string;
    payme.settleReceipt(receiptId, 4);
    const [first, second] = await Promise.all([settlement.recheckUnresolved(), settlement.recheckUnresolved()]);
    expect(first.paid + second.paid).toBe(1);
    await settlement.recheckUnresolved();
    await confirm(user, transactionId).expect(200);
    expect(await seen.balance(user)).toBe(30_000);
    expect(await seen.confirmedEvents(transactionId)).toHaveLength(1);
    expect(payme.callsOf('receipts.pay').filter((call) => call.params.id === receiptId)).toHaveLength(1);
  });

  it('fails a payment whose receipt Payme cancels, credits nothing and the money goes back to the card', async () => {
    const settlement = app.get(PaymentSettlement);
    const user = await createSignedInUser(app);
    const { transactionId } = (await start(user, RICH_CARD, 20_000)).body.result;
    const cardBefore = payme.cardBalance(RICH_CARD)!;
    payme.scriptNextPay({ state: 20, settlesTo: 50, afterMs: 50 });
    expect((await confirm(user, transactionId).expect(200)).body).toEqual(PROCESSING);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(await settlement.recheckUnresolved()).toMatchObject({ cancelled: 1 });
    expect(await seen.payment(transactionId)).toMatchObject({ status: 'failed', failure_reason: 'paymentCancelled' });
    expect((await confirm(user, transactionId).expect(410)).body.code).toBe('paymentCancelled');
    expect((await state(user, transactionId).expect(200)).body).toEqual({ result: { status: 'failed', reason: 'paymentCancelled' } });
    expect(await seen.balance(user)).toBe(0);
    expect(payme.cardBalance(RICH_CARD)).toBe(cardBefore);
  });

  it('answers 503 when Payme is down and changes nothing', async () => {
    const user = await createSignedInUser(app);
    const cardToken = await paymeCardToken(payme, RICH_CARD);
    payme.setOutage(true);
    try {
      const response = await request(app.getHttpServer()).post(CREATE).set('Cookie', user.cookie).send({ amount: 10_000, cardToken }).expect(503);
      expect(response.body.code).toBe('paymentGatewayUnavailable');
    } finally {
      payme.setOutage(false);
    }
    expect(await seen.balance(user)).toBe(0);
  });
});

describe('a confirmation while Payme is slow', () => {
  let app: INestApplication;
  let payme: FakePayme;
  let seen: ReturnType<typeof observer>;
  const CARD = '8600069195406311';

  beforeAll(async () => {
    // Payme answers within its timeout, only later than a confirmation waits.
    ({ payme, app, seen } = await apiPayingThroughFakePayme([{ number: CARD, phone: '998935550011', balance: 1_000_000_000 }], 10_000));
  });
  afterAll(async () => {
    await app.close();
    await payme.close();
  });

  it('answers processing within a few seconds, then the payment the dialog follows is confirmed and credited exactly once', async () => {
    const user = await createSignedInUser(app);
    const started = await request(app.getHttpServer())
      .post(CREATE)
      .set('Cookie', user.cookie)
      .send({ amount: 45_000, cardToken: await paymeCardToken(payme, CARD) })
      .expect(201);
    const { transactionId } = started.body.result;
    const confirm = () => request(app.getHttpServer()).post(CONFIRM).set('Cookie', user.cookie).send({ transactionId });
    const state = () => request(app.getHttpServer()).get(`${STATE}/${transactionId}`).set('Cookie', user.cookie);
    payme.delayNext('receipts.pay', 6_000);

    const askedAt = Date.now();
    expect((await confirm().expect(200)).body).toEqual(PROCESSING);
    expect(Date.now() - askedAt).toBeLessThan(CONFIRMATION_ANSWER_WITHIN_MS + 1_000);
    // A second press while Payme works answers at once and calls Payme no more.
    const againAt = Date.now();
    expect((await confirm().expect(200)).body).toEqual(PROCESSING);
    expect(Date.now() - againAt).toBeLessThan(1_000);
    expect((await state().expect(200)).body).toEqual(PROCESSING);
    expect(await seen.balance(user)).toBe(0);

    await eventually(async () => expect((await state().expect(200)).body).toEqual({ result: { status: 'confirmed', amount: 45_000 } }), 10_000);
    expect((await confirm().expect(200)).body).toEqual({ result: { status: 'confirmed', amount: 45_000 } });
    expect(await seen.balance(user)).toBe(45_000);
    expect(await seen.ledger(user)).toEqual([{ amount: 45_000, kind: 'topUp', reference: transactionId }]);
    expect(await seen.confirmedEvents(transactionId)).toHaveLength(1);
    expect(payme.callsOf('receipts.pay')).toHaveLength(1);
  });
});

describe('which card gateway a production API takes payments with', () => {
  const PRODUCTION = { NODE_ENV: 'production', SERVE_FRONTEND: 'false' } as const;
  const PAYME = { PAYME_BASE_URL: 'http://127.0.0.1:9/payme', PAYME_MERCHANT_ID: 'market', PAYME_KEY: 'payme-key' } as const;
  // A refused start-up never reaches Redis.
  const noRedis = {} as RedisClient;

  async function modeOf(overrides: Parameters<typeof testConfig>[0]) {
    const app = await createApp(testConfig(overrides));
    try {
      await app.init();
      return (await request(app.getHttpServer()).get('/api/payments/uzcard/mode').expect(200)).body;
    } finally {
      await app.close();
    }
  }

  it('refuses to start without Payme credentials unless the sandbox is asked for, naming what to set', () => {
    expect(() => cardGatewayFor(testConfig(PRODUCTION), noRedis)).toThrow(/PAYME_MERCHANT_ID.*PAYME_KEY.*PAYMENTS_SANDBOX=true/);
    expect(() => cardGatewayFor(testConfig({ PAYMENTS_SANDBOX: 'false' }), noRedis)).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('refuses to start when asked for the sandbox while Payme credentials are set', () => {
    expect(() => cardGatewayFor(testConfig({ ...PRODUCTION, ...PAYME, PAYMENTS_SANDBOX: 'true' }), noRedis)).toThrow(/PAYMENTS_SANDBOX/);
    // Payme's receipts are fiscal: no real payments without the cashbox's product code.
    expect(() => cardGatewayFor(testConfig({ ...PRODUCTION, ...PAYME, PAYME_FISCAL_CODE: '' }), noRedis)).toThrow(/PAYME_FISCAL_CODE/);
  });

  it('simulates payments when PAYMENTS_SANDBOX=true is set explicitly, and says so', async () => {
    const mode = await modeOf({ ...PRODUCTION, PAYMENTS_SANDBOX: 'true' });
    expect(mode).toMatchObject({ sandbox: true, otp: SANDBOX_OTP });
    expect(mode.testCards).toContainEqual({ number: UZCARD, expiry: '03/99', outcome: 'success' });
  });

  it('publishes no test cards or code with Payme credentials', async () => {
    expect(await modeOf({ ...PRODUCTION, ...PAYME })).toEqual({ sandbox: false, checkout: { url: PAYME.PAYME_BASE_URL, cashboxId: 'market', offerUrl: PAYME_OFFER_URL } });
  });
});
