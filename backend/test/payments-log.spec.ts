import type { INestApplication } from '@nestjs/common';
import fs from 'node:fs';
import request from 'supertest';
import { SANDBOX_OTP, SANDBOX_TEST_CARDS } from '@market/contracts';
import { createApp } from '../src/app.factory';
import { FAKE_PAYME_CODE, startFakePayme } from '../../test/fakes/card-gateway';
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

  async function paymentFlows(app: INestApplication, cards: string[], otp: string): Promise<void> {
    const user = await createSignedInUser(app);
    const server = app.getHttpServer();
    for (const cardNumber of cards) {
      const grouped = cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
      const started = await request(server)
        .post('/api/payments/uzcard/createTransaction')
        .set('Cookie', user.cookie)
        .send({ amount: 12_000, cardNumber: grouped, mmyy: '03/99', expireDate: '9903' });
      const transactionId = started.body.result?.transactionId;
      if (!transactionId) continue;
      const confirm = (code: string) =>
        request(server).post('/api/payments/uzcard/confirmTransaction').set('Cookie', user.cookie).send({ transactionId, otp: code });
      await confirm('000000');
      await confirm(otp);
      await confirm(otp);
    }
    // Refused input that carries a card number: a rule broken, and a body that is not even JSON.
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

  it('never contains a card number, with the sandbox gateway', async () => {
    const app = await createApp(testConfig({ LOG_LEVEL: 'trace' }));
    await app.init();
    // Nest buffers its log lines until listen(); tests only init().
    app.flushLogs();
    try {
      await paymentFlows(app, cardNumbers, SANDBOX_OTP);
    } finally {
      await app.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = captured.text();
    expect(log).toContain('Sandbox card gateway: PAYME_MERCHANT_ID and PAYME_KEY are not set');
    expect(log).toContain(`Sandbox card gateway: SMS code ${SANDBOX_OTP} for payment`);
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
      await paymentFlows(app, cardNumbers, FAKE_PAYME_CODE);
      payme.delayNext('cards.create', 600);
      await paymentFlows(app, [cardNumbers[0]], FAKE_PAYME_CODE);
      payme.setOutage(true);
      await paymentFlows(app, [cardNumbers[0]], FAKE_PAYME_CODE);
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
