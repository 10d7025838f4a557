import type { INestApplication } from '@nestjs/common';
import fs from 'node:fs';
import request from 'supertest';
import { SANDBOX_OTP, SANDBOX_TEST_CARDS } from '@market/contracts';
import { createApp } from '../src/app.factory';
import { confirmedCardToken, FAKE_PAYME_CODE, startFakePayme, type PaymeAnswer } from '../../test/fakes/card-gateway';
import { startedApp } from '../../test/support/app';
import { testConfig } from '../../test/support/config';
import { createSignedInUser } from '../../test/support/users';

/**
 * Collects what the process writes to stdout instead of printing it: pino writes there
 * through fs.write / fs.writeSync on fd 1, Nest's console logger through process.stdout.
 */
function captureStdout(): { text: () => string } {
  const chunks: string[] = [];
  const { write, writeSync } = fs;
  jest.spyOn(fs, 'write').mockImplementation(((fd: number, buffer: string | Uint8Array, ...rest: unknown[]) => {
    if (fd !== 1) return (write as (...args: unknown[]) => void)(fd, buffer, ...rest);
    chunks.push(String(buffer));
    const callback = rest.at(-1);
    if (typeof callback === 'function') process.nextTick(callback, null, Buffer.byteLength(buffer));
  }) as never);
  jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buffer: string | Uint8Array, ...rest: unknown[]) => {
    if (fd !== 1) return (writeSync as (...args: unknown[]) => number)(fd, buffer, ...rest);
    chunks.push(String(buffer));
    return Buffer.byteLength(buffer);
  }) as never);
  jest.spyOn(process.stdout, 'write').mockImplementation(((buffer: string | Uint8Array) => {
    chunks.push(String(buffer));
    return true;
  }) as never);
  return { text: () => chunks.join('') };
}

describe('logs of whole card payment runs', () => {
  const cardNumbers = [
    ...SANDBOX_TEST_CARDS.map((card) => card.number.replace(/\s/g, '')),
    '4111111111111111',
  ];
  let captured: { text: () => string };

  beforeAll(() => {
    captured = captureStdout();
  });
  afterAll(() => jest.restoreAllMocks());

  /** The browser's part for one card: its verified token, or null when the card was refused. */
  type CardCheckout = (cardNumber: string) => Promise<string | null>;

  async function paymentFlows(app: INestApplication, cards: string[], tokenOf: CardCheckout): Promise<void> {
    const user = await createSignedInUser(app);
    const server = app.getHttpServer();
    for (const cardNumber of cards) {
      const cardToken = await tokenOf(cardNumber);
      if (!cardToken) continue;
      const started = await request(server).post('/api/payments/uzcard/createTransaction').set('Cookie', user.cookie).send({ amount: 12_000, cardToken });
      const transactionId = started.body.result?.transactionId;
      if (!transactionId) continue;
      const confirm = () => request(server).post('/api/payments/uzcard/confirmTransaction').set('Cookie', user.cookie).send({ transactionId });
      await confirm();
      await confirm();
    }
    // Refused input that carries a card number: a field the API does not take, and a body that is not even JSON.
    await request(server)
      .post('/api/payments/uzcard/createTransaction')
      .set('Cookie', user.cookie)
      .send({ amount: 12_000, cardNumber: '4111 1111 1111 1111', expireDate: '9903' })
      .expect(400);
    await request(server)
      .post('/api/payments/uzcard/createTransaction')
      .set('Cookie', user.cookie)
      .set('Content-Type', 'application/json')
      .send(`{"cardNumber": "${cards[0]}", "expireDate": 9903,`)
      .expect(400);
  }

  /** The dialog's card methods against `checkout`, a wrong code first, as a user mistyping it. */
  const viaCheckout =
    (checkout: { url: string; cashboxId: string }, code: string, post?: Parameters<typeof confirmedCardToken>[3]): CardCheckout =>
    async (cardNumber) => {
      await confirmedCardToken(checkout, { number: cardNumber, expire: '0399' }, '000000', post);
      const confirmed = await confirmedCardToken(checkout, { number: cardNumber, expire: '0399' }, code, post);
      return 'token' in confirmed ? confirmed.token : null;
    };

  it('never contains a card number, with the sandbox gateway', async () => {
    const app = await startedApp({ LOG_LEVEL: 'trace' });
    // Nest buffers its log lines until listen(); tests only init().
    app.flushLogs();
    try {
      const sandbox = { url: '/api/payments/sandbox-payme', cashboxId: 'sandbox' };
      const post = async (body: unknown, headers: Record<string, string>) =>
        (await request(app.getHttpServer()).post(sandbox.url).set(headers).send(body as object)).body as PaymeAnswer;
      await paymentFlows(app, cardNumbers, viaCheckout(sandbox, SANDBOX_OTP, post));
    } finally {
      await app.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = captured.text();
    expect(log).toContain('Sandbox card gateway: PAYME_MERCHANT_ID and PAYME_KEY are not set');
    expect(log).toContain(`Sandbox card gateway: SMS code ${SANDBOX_OTP} sent to`);
    expect(log).toMatch(/Card payment [\w-]+ confirmed/);
    for (const number of cardNumbers) {
      expect(log).not.toContain(number);
      expect(log).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
    }
  });

  it('never contains a card number, a card token or the merchant key, with the Payme client', async () => {
    const payme = await startFakePayme({
      merchantId: 'market',
      key: 'very-secret-payme-key',
      cards: [
        { number: cardNumbers[0], expire: '0399', phone: '998901234567', balance: 10_000_000 },
        { number: cardNumbers[2], expire: '0399', phone: '998901234568', balance: 100 },
      ],
    });
    const app = await createApp(
      testConfig({
        LOG_LEVEL: 'trace',
        PAYME_BASE_URL: payme.url,
        PAYME_MERCHANT_ID: 'market',
        PAYME_KEY: 'very-secret-payme-key',
        PAYME_TIMEOUT_MS: '300',
      }),
    );
    await app.init();
    app.flushLogs();
    try {
      const browser = viaCheckout({ url: payme.url, cashboxId: 'market' }, FAKE_PAYME_CODE);
      await paymentFlows(app, cardNumbers, browser);
      await paymentFlows(app, [cardNumbers[0]], async (cardNumber) => {
        const token = await browser(cardNumber);
        payme.delayNext('cards.check', 600);
        return token;
      });
      await paymentFlows(app, [cardNumbers[0]], async (cardNumber) => {
        const token = await browser(cardNumber);
        payme.setOutage(true);
        return token;
      });
    } finally {
      await app.close();
      await payme.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = captured.text();
    expect(log).toContain('Payme card gateway at');
    expect(log).toMatch(/could not start: paymentGatewayTimeout/);
    for (const number of cardNumbers) expect(log).not.toContain(number);
    expect(log).not.toContain('tok_');
    expect(log).not.toContain('very-secret-payme-key');
  });
});
