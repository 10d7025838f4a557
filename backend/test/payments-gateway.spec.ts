import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { CardGatewayError, retryable } from '../src/payments/providers/card-gateway';
import { PaymeCardGateway, PaymeCardSessions } from '../src/payments/providers/payme-card-gateway';
import { confirmedCardToken, FAKE_PAYME_CODE, startFakePayme, type FakePayme } from '../../test/fakes/card-gateway';
import { testConfig } from '../../test/support/config';

const RICH_CARD = '8600069195406311';
const POOR_CARD = '9860010101010105';

describe('Payme card gateway client against a fake Payme', () => {
  const config = testConfig();
  const credentials = { merchantId: 'merchant-1', key: 'secret-key' };
  let payme: FakePayme;
  let redis: Redis;

  const fiscal = { code: '10305008002000000', packageCode: '1545643', vatPercent: 12 };

  function gateway(overrides: Partial<{ merchantId: string; key: string; timeoutMs: number; baseUrl: string; accountField: string }> = {}) {
    return new PaymeCardGateway(
      { baseUrl: payme.url, timeoutMs: 1_000, accountField: 'order_id', fiscal, ...credentials, ...overrides },
      new PaymeCardSessions(redis, config.QUEUE_PREFIX),
    );
  }

  /** A payment of a card the browser registered with Payme and confirmed with its SMS code. */
  async function payment(amount: number, cardNumber = RICH_CARD, url = payme.url) {
    const confirmed = await confirmedCardToken({ url, cashboxId: credentials.merchantId }, { number: cardNumber, expire: '0399' }, FAKE_PAYME_CODE);
    if (!('token' in confirmed)) throw new Error(`Payme refused the card: ${confirmed.refusal.code}`);
    return { transactionId: randomUUID(), amount, cardToken: confirmed.token };
  }

  async function rejection(promise: Promise<unknown>): Promise<CardGatewayError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CardGatewayError);
    return error as CardGatewayError;
  }

  beforeAll(async () => {
    redis = new Redis(config.REDIS_URL);
    payme = await startFakePayme({
      ...credentials,
      cards: [
        { number: RICH_CARD, expire: '0399', phone: '998901234567', balance: 100_000_000 },
        { number: POOR_CARD, expire: '0399', phone: '998907654321', balance: 500_000 },
      ],
    });
  });
  afterAll(async () => {
    await payme.close();
    redis.disconnect();
  });

  it('checks the card the browser confirmed, creates the receipt and takes the amount in tiyin', async () => {
    const client = gateway();
    const start = await payment(50_000);
    const before = payme.cardBalance(RICH_CARD)!;

    const started = await client.start(start);
    expect(started.card).toEqual({ last4: '6311', type: 'uzcard' });
    expect(payme.callsOf('cards.check').at(-1)!.params).toEqual({ token: start.cardToken });
    expect(payme.callsOf('receipts.create').at(-1)!.params).toMatchObject({
      amount: 5_000_000,
      account: { order_id: start.transactionId },
      detail: {
        receipt_type: 0,
        items: [{ price: 5_000_000, count: 1, code: fiscal.code, package_code: fiscal.packageCode, vat_percent: 12 }],
      },
    });

    await expect(client.pay({ ...start, reference: started.reference })).resolves.toBe('paid');
    expect(payme.cardBalance(RICH_CARD)).toBe(before - 5_000_000);
    await expect(client.settlement({ transactionId: start.transactionId, reference: started.reference })).resolves.toBe('paid');
  });

  it('calls only the server methods, with id:key: the card methods are the browser\'s, with the cashbox id alone', async () => {
    const calledBefore = payme.calls.length;
    const start = await payment(10_000);
    const browserCalls = payme.calls.length - calledBefore;
    await gateway().pay({ ...start, reference: (await gateway().start(start)).reference });
    const serverCalls = payme.calls.slice(calledBefore + browserCalls);
    expect(serverCalls.map((call) => call.method)).toEqual(['cards.check', 'receipts.create', 'receipts.check', 'receipts.pay']);
    expect(new Set(serverCalls.map((call) => call.auth))).toEqual(new Set(['merchant-1:secret-key']));
    // As Payme, the fake takes the card methods with the cashbox id only: a browser sending the key is refused.
    const withKey = await confirmedCardToken({ url: payme.url, cashboxId: 'merchant-1:secret-key' }, { number: RICH_CARD, expire: '0399' }, FAKE_PAYME_CODE);
    expect(withKey).toMatchObject({ method: 'cards.create', refusal: { code: -32504 } });
  });

  it('puts the payment id into the account field the cashbox is configured with', async () => {
    const custom = await startFakePayme({ ...credentials, accountField: 'payment_id', cards: [{ number: RICH_CARD, expire: '0399', phone: '998901234567', balance: 10_000_000 }] });
    try {
      const start = await payment(10_000, RICH_CARD, custom.url);
      await expect(gateway({ baseUrl: custom.url }).start(start)).rejects.toMatchObject({ reason: 'paymentGatewayUnavailable' });
      await gateway({ baseUrl: custom.url, accountField: 'payment_id' }).start(start);
      expect(custom.callsOf('receipts.create').at(-1)!.params).toMatchObject({ account: { payment_id: start.transactionId } });
    } finally {
      await custom.close();
    }
  });

  it('calls a receipt Payme has not settled processing, and paid only once it reaches state 4', async () => {
    const client = gateway();
    const start = await payment(40_000);
    const started = await client.start(start);
    const before = payme.cardBalance(RICH_CARD)!;
    payme.scriptNextPay({ state: 30 });
    await expect(client.pay({ ...start, reference: started.reference })).resolves.toBe('processing');
    // Asked again, it neither pays a second time nor calls it paid.
    await expect(client.pay({ ...start, reference: started.reference })).resolves.toBe('processing');
    expect(payme.cardBalance(RICH_CARD)).toBe(before - 4_000_000);
    payme.settleReceipt(started.reference, 4);
    await expect(client.settlement({ ...start, reference: started.reference })).resolves.toBe('paid');
  });

  it('reports a receipt Payme cancelled', async () => {
    const client = gateway();
    const start = await payment(15_000);
    const started = await client.start(start);
    payme.settleReceipt(started.reference, 50);
    await expect(client.settlement({ ...start, reference: started.reference })).resolves.toBe('cancelled');
    expect((await rejection(client.pay({ ...start, reference: started.reference }))).reason).toBe('paymentCancelled');
  });

  it('keeps the card token out of the answer and only for the life of the payment', async () => {
    const start = await payment(10_000);
    const started = await gateway().start(start);
    expect(JSON.stringify(started)).not.toContain('tok_');
    const ttl = await redis.ttl(`${config.QUEUE_PREFIX}:payme-card:${start.transactionId}`);
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(360);
  });

  it('refuses a card token the SMS code did not confirm', async () => {
    const unconfirmed = await confirmedCardToken({ url: payme.url, cashboxId: credentials.merchantId }, { number: RICH_CARD, expire: '0399' }, '000000');
    expect(unconfirmed).toMatchObject({ method: 'cards.verify', refusal: { code: -31103 } });
    const [verify] = payme.callsOf('cards.verify').slice(-1);
    const receiptsBefore = payme.callsOf('receipts.create').length;
    const refused = await rejection(gateway().start({ transactionId: randomUUID(), amount: 20_000, cardToken: verify.params.token as string }));
    expect(refused.reason).toBe('cardInvalid');
    expect(payme.callsOf('receipts.create')).toHaveLength(receiptsBefore);
  });

  it("passes -31630 on in Payme's own words: its table gives it several causes, not only insufficient funds", async () => {
    const client = gateway();
    const start = await payment(10_000, POOR_CARD);
    const started = await client.start(start);
    const refused = await rejection(client.pay({ ...start, reference: started.reference }));
    expect(refused.reason).toBe('paymentRefused');
    expect(refused.wording).toEqual({ ru: 'Недостаточно средств', uz: "Mablag' yetarli emas", en: 'Insufficient funds' });
    expect(retryable(refused.reason)).toBe(false);
    expect(payme.cardBalance(POOR_CARD)).toBe(500_000);
  });

  it.each([
    [-31002, { ru: 'Процессинговый центр недоступен', uz: 'Protsessing markazi ishlamayapti', en: 'Processing center is not available' }],
    [-31110, { ru: 'Повторите попытку позже', uz: "Keyinroq qayta urinib ko'ring", en: 'Try again later' }],
  ])('keeps the payment open on %i, which Payme says to retry, in its own words, and pays when tried again', async (code, message) => {
    const client = gateway();
    const start = await payment(12_000);
    const started = await client.start(start);
    const confirmation = { ...start, reference: started.reference };
    payme.refuseNext('receipts.pay', code, message);

    const refused = await rejection(client.pay(confirmation));
    expect(refused.reason).toBe('paymentGatewayUnavailable');
    expect(retryable(refused.reason)).toBe(true);
    expect(refused.wording).toEqual(message);
    await expect(client.pay(confirmation)).resolves.toBe('paid');
  });

  it("passes an unknown card token on in Payme's own words", async () => {
    // A code we have no words for (-31400): the payer reads Payme's own message, in every language.
    const refused = await rejection(gateway().start({ transactionId: randomUUID(), amount: 10_000, cardToken: 'tok_none' }));
    expect(refused.reason).toBe('paymentRefused');
    expect(refused.wording).toEqual({ ru: 'Карта не найдена', uz: 'Karta topilmadi', en: 'Card not found' });
  });

  it('reports a provider that does not answer in time, and never pays twice when the answer was lost', async () => {
    const client = gateway({ timeoutMs: 200 });
    const start = await payment(30_000);
    const started = await client.start(start);
    const before = payme.cardBalance(RICH_CARD)!;
    // Payme takes the money but its answer comes too late.
    payme.delayNext('receipts.pay', 600);
    const late = await rejection(client.pay({ ...start, reference: started.reference }));
    expect(late.reason).toBe('paymentGatewayTimeout');
    await new Promise((resolve) => setTimeout(resolve, 600));

    const paysBefore = payme.callsOf('receipts.pay').length;
    await client.pay({ ...start, reference: started.reference });
    expect(payme.callsOf('receipts.pay')).toHaveLength(paysBefore);
    expect(payme.cardBalance(RICH_CARD)).toBe(before - 3_000_000);
  });

  it('reports an outage, wrong credentials and an unreachable provider as unavailable', async () => {
    const start = await payment(10_000);
    payme.setOutage(true);
    try {
      expect((await rejection(gateway().start(start))).reason).toBe('paymentGatewayUnavailable');
    } finally {
      payme.setOutage(false);
    }
    expect((await rejection(gateway({ key: 'wrong' }).start(start))).reason).toBe('paymentGatewayUnavailable');
    const unreachable = gateway({ baseUrl: 'http://127.0.0.1:9/api' });
    expect((await rejection(unreachable.start(start))).reason).toBe('paymentGatewayUnavailable');
  });

});
