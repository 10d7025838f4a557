import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startedApp } from '../../test/support/app';
import { forgetSmsCountdown, sessionCookieOf, smsOutbox } from './auth.support';

/** Every line the application's pino loggers write during this file. */
const mockLogLines: string[] = [];

// eslint-disable-next-line @typescript-eslint/no-require-imports -- see pino-capture.ts
jest.mock('pino', () => require('./pino-capture').capturingPino((line: string) => mockLogLines.push(line)));

const phone = (n: number) => `99890400${String(n).padStart(4, '0')}`;

describe('logs of sign-in, registration and password reset', () => {
  let app: INestApplication;
  let sms: ReturnType<typeof smsOutbox>;

  // One browser: a code answers only the browser it was sent for (its code-requester cookie).
  const browser = `code_requester=${'log-test'.padEnd(43, '0')}`;
  const post = (path: string, body: object, cookie = '') =>
    request(app.getHttpServer())
      .post(`/api/auth/${path}`)
      .set('X-Forwarded-For', '10.4.0.1')
      .set('Cookie', cookie ? `${browser}; ${cookie}` : browser)
      .send(body);

  beforeAll(async () => {
    app = await startedApp({ LOG_LEVEL: 'trace' });
    sms = smsOutbox(app);
  });
  afterAll(() => app.close());

  it('never contain a password, an SMS code, a reset token or a session token', async () => {
    const secrets: string[] = [];
    const keep = (secret: string) => {
      secrets.push(secret);
      return secret;
    };

    await post('login', { phoneNumber: phone(1) }).expect(201);
    const texted = keep(sms.lastSecretTo(phone(1)));
    await post('auth', { phoneNumber: phone(1), password: keep('a-wrong-password') }).expect(401);
    const session = keep(sessionCookieOf(await post('auth', { phoneNumber: phone(1), password: texted }).expect(200)).split('=')[1]);
    await request(app.getHttpServer()).get('/api/user').set('Cookie', `session=${session}`).expect(200);

    await forgetSmsCountdown(app, phone(1));
    await post('reset-password', { phoneNumber: phone(1) }).expect(200);
    const code = keep(sms.lastSecretTo(phone(1)));
    const token = keep((await post('check-sms-code', { phoneNumber: phone(1), code }).expect(200)).body.token);
    await post('reset-password-with-token', { phoneNumber: phone(1), token, password: keep('my-new-secret') }, `session=${session}`).expect(200);
    await post('logout', {}, `session=${session}`).expect(200);

    await post('register', { name: 'Log test', phoneNumber: phone(2), password: keep('chosen-secret'), confirmPassword: 'chosen-secret', agree: true }).expect(201);
    const registrationCode = keep(sms.lastSecretTo(phone(2)));
    const registered = await post('register/confirm', { phoneNumber: phone(2), code: registrationCode }).expect(201);
    keep(sessionCookieOf(registered).split('=')[1]);

    const log = mockLogLines.join('');
    expect(log).toContain('/api/auth/reset-password-with-token');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
