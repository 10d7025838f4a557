import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { z } from 'zod';
import { CardGatewayError, retryable } from '../src/payments/providers/card-gateway';
import { PaymeCardGateway, PaymeCardSessions } from '../src/payments/providers/payme-card-gateway';
import { FAKE_PAYME_CODE, startFakePayme, type FakePayme } from '../../test/fakes/card-gateway';
import { testConfig } from '../../test/support/config';

const RICH_CARD = '8600069195406311';
const POOR_CARD = '9860010101010105';
const BLOCKED_CARD = '8600495473316478';

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

  function payment(amount: number, cardNumber = RICH_CARD) {
    return { transactionId: randomUUID(), amount, cardNumber, expireDate: '9903' };
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
        { number: BLOCKED_CARD, expire: '0399', phone: '998901112233', balance: 0, blocked: true },
      ],
    });
  });
  afterAll(async () => {
    await payme.close();
    redis.disconnect();
  });

  it('registers the card, sends the code and takes the amount in tiyin once the code is right', async () => {
    const client = gateway();
    const start = payment(50_000);
    const before = payme.cardBalance(RICH_CARD)!;

    const started = await client.start(start);
    expect(started.otpSentPhone).toBe('99890*****67');
    const created = payme.callsOf('cards.create').at(-1)!;
    expect(created.params).toEqual({ card: { number: RICH_CARD, expire: '0399' }, save: false });
    expect(payme.callsOf('receipts.create').at(-1)!.params).toMatchObject({
      amount: 5_000_000,
      account: { order_id: start.transactionId },
      detail: {
        receipt_type: 0,
        items: [{ price: 5_000_000, count: 1, code: fiscal.code, package_code: fiscal.packageCode, vat_percent: 12 }],
      },
    });

    await expect(client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE })).resolves.toBe('paid');
    expect(payme.cardBalance(RICH_CARD)).toBe(before - 5_000_000);
    await expect(client.settlement({ transactionId: start.transactionId, reference: started.reference })).resolves.toBe('paid');
  });

  it('authenticates the card methods with the cashbox id alone and the receipt methods with id:key, as Payme documents', async () => {
    const start = payment(10_000);
    await gateway().pay({ ...start, reference: (await gateway().start(start)).reference, otp: FAKE_PAYME_CODE });
    const authOf = (method: string) => new Set(payme.callsOf(method).map((call) => call.auth));
    for (const method of ['cards.create', 'cards.get_verify_code', 'cards.verify']) expect(authOf(method)).toEqual(new Set(['merchant-1']));
    for (const method of ['receipts.create', 'receipts.pay', 'receipts.check']) {
      expect(authOf(method)).toEqual(new Set(['merchant-1:secret-key']));
    }
  });

  it('puts the payment id into the account field the cashbox is configured with', async () => {
    const custom = await startFakePayme({ ...credentials, accountField: 'payment_id', cards: [{ number: RICH_CARD, expire: '0399', phone: '998901234567', balance: 10_000_000 }] });
    try {
      const start = payment(10_000);
      await expect(gateway({ baseUrl: custom.url }).start(start)).rejects.toMatchObject({ reason: 'paymentGatewayUnavailable' });
      await gateway({ baseUrl: custom.url, accountField: 'payment_id' }).start(start);
      expect(custom.callsOf('receipts.create').at(-1)!.params).toMatchObject({ account: { payment_id: start.transactionId } });
    } finally {
      await custom.close();
    }
  });

  it('calls a receipt Payme has not settled processing, and paid only once it reaches state 4', async () => {
    const client = gateway();
    const start = payment(40_000);
    const started = await client.start(start);
    const before = payme.cardBalance(RICH_CARD)!;
    payme.scriptNextPay({ state: 30 });
    await expect(client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE })).resolves.toBe('processing');
    // Asked again, it neither pays a second time nor calls it paid.
    await expect(client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE })).resolves.toBe('processing');
    expect(payme.cardBalance(RICH_CARD)).toBe(before - 4_000_000);
    payme.settleReceipt(started.reference, 4);
    await expect(client.settlement({ ...start, reference: started.reference })).resolves.toBe('paid');
  });

  it('reports a receipt Payme cancelled', async () => {
    const client = gateway();
    const start = payment(15_000);
    const started = await client.start(start);
    payme.settleReceipt(started.reference, 50);
    await expect(client.settlement({ ...start, reference: started.reference })).resolves.toBe('cancelled');
    expect((await rejection(client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE }))).reason).toBe('paymentCancelled');
  });

  it('keeps the card token out of the answer and only for the life of the payment', async () => {
    const start = payment(10_000);
    const started = await gateway().start(start);
    expect(JSON.stringify(started)).not.toContain('tok_');
    const ttl = await redis.ttl(`${config.QUEUE_PREFIX}:payme-card:${start.transactionId}`);
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(360);
  });

  it('reports a wrong code as retryable and accepts the right one afterwards', async () => {
    const client = gateway();
    const start = payment(20_000);
    const started = await client.start(start);
    const wrong = await rejection(client.pay({ ...start, reference: started.reference, otp: '000000' }));
    expect(wrong.reason).toBe('paymentWrongCode');
    await client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE });
    await expect(client.settlement({ ...start, reference: started.reference })).resolves.toBe('paid');
  });

  it("passes -31630 on in Payme's own words: its table gives it several causes, not only insufficient funds", async () => {
    const client = gateway();
    const start = payment(10_000, POOR_CARD);
    const started = await client.start(start);
    const refused = await rejection(client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE }));
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
    const start = payment(12_000);
    const started = await client.start(start);
    const confirmation = { ...start, reference: started.reference, otp: FAKE_PAYME_CODE };
    payme.refuseNext('receipts.pay', code, message);

    const refused = await rejection(client.pay(confirmation));
    expect(refused.reason).toBe('paymentGatewayUnavailable');
    expect(retryable(refused.reason)).toBe(true);
    expect(refused.wording).toEqual(message);
    await expect(client.pay(confirmation)).resolves.toBe('paid');
  });

  it('passes a card without SMS informing and an unknown card on in our words, other refusals in Payme\'s', async () => {
    const noSms = await rejection(gateway().start(payment(10_000, BLOCKED_CARD)));
    expect(noSms.reason).toBe('paymentSmsNotConnected');
    expect(noSms.wording).toBeUndefined();
    expect((await rejection(gateway().start(payment(10_000, '8600000000000007')))).reason).toBe('cardInvalid');

    // A code we have no words for (-31400, an unknown card token): the payer reads Payme's own message, in every language.
    const started = await gateway().start(payment(10_000));
    const repaid = await rejection(
      new PaymeCardGateway(
        { baseUrl: payme.url, timeoutMs: 1_000, accountField: 'order_id', fiscal, ...credentials },
        new PaymeCardSessions(redis, config.QUEUE_PREFIX),
      )['call']('receipts.pay', { id: started.reference, token: 'tok_none' }, z.unknown()),
    );
    expect(repaid.reason).toBe('paymentRefused');
    expect(repaid.wording).toEqual({ ru: 'Карта не найдена', uz: 'Karta topilmadi', en: 'Card not found' });
  });

  it('reports a provider that does not answer in time, and never pays twice when the answer was lost', async () => {
    const client = gateway({ timeoutMs: 200 });
    const start = payment(30_000);
    const started = await client.start(start);
    const before = payme.cardBalance(RICH_CARD)!;
    // Payme takes the money but its answer comes too late.
    payme.delayNext('receipts.pay', 600);
    const late = await rejection(client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE }));
    expect(late.reason).toBe('paymentGatewayTimeout');
    await new Promise((resolve) => setTimeout(resolve, 600));

    const paysBefore = payme.callsOf('receipts.pay').length;
    await client.pay({ ...start, reference: started.reference, otp: FAKE_PAYME_CODE });
    expect(payme.callsOf('receipts.pay')).toHaveLength(paysBefore);
    expect(payme.cardBalance(RICH_CARD)).toBe(before - 3_000_000);
  });

  it('reports an outage, wrong credentials and an unreachable provider as unavailable', async () => {
    payme.setOutage(true);
    try {
      expect((await rejection(gateway().start(payment(10_000)))).reason).toBe('paymentGatewayUnavailable');
    } finally {
      payme.setOutage(false);
    }
    expect((await rejection(gateway({ key: 'wrong' }).start(payment(10_000)))).reason).toBe('paymentGatewayUnavailable');
    const unreachable = gateway({ baseUrl: 'http://127.0.0.1:9/api' });
    expect((await rejection(unreachable.start(payment(10_000)))).reason).toBe('paymentGatewayUnavailable');
  });

  it('never puts the card number into an error', async () => {
    const errors = [
      await rejection(gateway().start(payment(10_000, BLOCKED_CARD))),
      await rejection(gateway().start(payment(10_000, '8600000000000007'))),
    ];
    for (const error of errors) expect(`${error.message} ${error.stack}`).not.toMatch(/8600495473316478|8600000000000007/);
  });
});
