import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AUTH_LIMITS, PASSWORD_PACE } from '../src/auth/auth.limits';
import { RateLimitService } from '../src/rate-limit/rate-limit.service';
import { startedApp } from '../../test/support/app';
import { appWithSmsOutbox, forgetSmsCountdown as forgetCountdown, sessionCookieOf, signedInUser, smsOutbox } from './auth.support';

// Numbers and IPs of this file only: test files share the database and Redis.
const phone = (n: number) => `99890100${String(n).padStart(4, '0')}`;
const IP = '10.1.0.1';
/** A browser, by the code-requester cookie the first code request gives it (43 base64url characters). */
const browser = (name: string) => `code_requester=${name.padEnd(43, '0')}`;
const BROWSER = browser('owner');

describe('accounts: sign-in, registration and password reset', () => {
  let app: INestApplication;
  let sms: ReturnType<typeof smsOutbox>;
  let dataSource: DataSource;

  const post = (path: string, body: object, ip = IP, from = BROWSER) =>
    request(app.getHttpServer()).post(`/api/auth/${path}`).set('X-Forwarded-For', ip).set('Cookie', from).send(body);
  const me = (cookie: string) => request(app.getHttpServer()).get('/api/user').set('Cookie', cookie);

  async function newAccount(phoneNumber: string): Promise<string> {
    await post('login', { phoneNumber }).expect(201);
    return sms.lastSecretTo(phoneNumber);
  }

  async function signIn(phoneNumber: string, password: string): Promise<string> {
    return sessionCookieOf(await post('auth', { phoneNumber, password }).expect(200));
  }

  beforeAll(async () => {
    ({ app, sms } = await appWithSmsOutbox());
    dataSource = app.get(DataSource);
  });
  afterAll(() => app.close());

  describe('sign-in step 1 (POST /api/auth/login)', () => {
    it('creates the account of a new number, texts it a password and answers 201 with the message', async () => {
      const response = await post('login', { phoneNumber: '+998 90 100-00-01' }).expect(201);
      expect(response.body.message.uz).toBe('Parolingiz telefon raqamingizga SMS orqali yuborildi');
      expect(sms.to(phone(1))).toHaveLength(1);
      expect(sms.lastSecretTo(phone(1))).toMatch(/^\d{8}$/);
      const [account] = await dataSource.query(`SELECT password_hash FROM users WHERE phone_number = $1`, [phone(1)]);
      expect(account.password_hash).toMatch(/^scrypt\$/);
      expect(account.password_hash).not.toContain(sms.lastSecretTo(phone(1)));
    });

    it('answers 208 for a number that has an account, without texting it', async () => {
      await newAccount(phone(2));
      await post('login', { phoneNumber: phone(2) }).expect(208);
      expect(sms.to(phone(2))).toHaveLength(1);
    });

    it('refuses an incomplete or missing number with the field message and creates nothing', async () => {
      const incomplete = await post('login', { phoneNumber: '+998 90 123' }).expect(400);
      expect(incomplete.body.fields).toEqual({ phoneNumber: 'completeFull' });
      const missing = await post('login', {}).expect(400);
      expect(missing.body.fields).toEqual({ phoneNumber: 'required' });
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM users WHERE phone_number LIKE '99890123%'`);
      expect(count).toBe(0);
    });
  });

  describe('sign-in step 2 (POST /api/auth/auth)', () => {
    it('signs in with the texted password: user, success text and an httpOnly SameSite=Lax session cookie', async () => {
      const password = await newAccount(phone(10));
      const response = await post('auth', { phoneNumber: phone(10), password }).expect(200);
      expect(response.body.message.uz).toBe('Tizimga muvaffaqiyatli kirdingiz');
      expect(response.body.user).toMatchObject({ phoneNumber: phone(10), role: 'user', balance: 0, profileCompleteness: 40, hasPassword: true });
      // Whether there is a password is told (the settings ask for it before a new number); the password and its hash never are.
      const { hasPassword: _told, ...rest } = response.body.user;
      expect(JSON.stringify({ ...response.body, user: rest })).not.toMatch(new RegExp(`password|scrypt|${password}`, 'i'));
      const cookie = response.headers['set-cookie'][0];
      expect(cookie).toMatch(/^session=[\w-]{43};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      const [session] = await dataSource.query(
        `SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.phone_number = $1`,
        [phone(10)],
      );
      expect(session.token_hash.toString('utf8')).not.toContain(sessionCookieOf(response).slice('session='.length));
      const user = await me(sessionCookieOf(response)).expect(200);
      expect(user.body.phoneNumber).toBe(phone(10));
    });

    it('answers the same translated 401 for a wrong password and for a number without an account', async () => {
      await newAccount(phone(11));
      const wrong = await post('auth', { phoneNumber: phone(11), password: 'not-the-password' }).expect(401);
      const unknown = await post('auth', { phoneNumber: phone(12), password: 'whatever' }).expect(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.code).toBe('wrongPassword');
      expect(wrong.body.message.uz).toBe("Telefon raqam yoki parol noto'g'ri");
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('lets the owner sign in from another address while a stranger is locked out', async () => {
      const password = await newAccount(phone(13));
      const stranger = '10.1.1.1';
      for (let attempt = 0; attempt < 5; attempt++) {
        await post('auth', { phoneNumber: phone(13), password: `wrong-${attempt}` }, stranger).expect(401);
      }
      // Refused before the password is checked: even the right one tells the stranger nothing.
      const limited = await post('auth', { phoneNumber: phone(13), password }, stranger).expect(429);
      expect(limited.body.code).toBe('tooManyRequests');
      expect(limited.body.retryAfterSeconds).toBeGreaterThan(800);
      expect(limited.body.message.uz).toBe(`Juda ko'p urinish. ${limited.body.retryAfterSeconds} soniyadan keyin qayta urinib ko'ring`);
      expect(limited.headers['retry-after']).toBe(String(limited.body.retryAfterSeconds));

      await post('auth', { phoneNumber: phone(13), password }, '10.1.1.2').expect(200);
      // The owner's sign-in does not unlock the stranger.
      await post('auth', { phoneNumber: phone(13), password: 'wrong-again' }, stranger).expect(429);
    });

    it('gives each further address a single wrong password once a number has had 10 from everywhere', async () => {
      const password = await newAccount(phone(14));
      for (const guesser of ['10.1.3.1', '10.1.3.2']) {
        for (let attempt = 0; attempt < 5; attempt++) {
          await post('auth', { phoneNumber: phone(14), password: `wrong-${attempt}` }, guesser).expect(401);
        }
      }
      const nextGuesser = '10.1.3.3';
      await post('auth', { phoneNumber: phone(14), password: 'wrong' }, nextGuesser).expect(401);
      const limited = await post('auth', { phoneNumber: phone(14), password: 'wrong-again' }, nextGuesser).expect(429);
      expect(limited.body.code).toBe('tooManyRequests');
      // An address with no wrong password for the number, the owner's, still signs in.
      await post('auth', { phoneNumber: phone(14), password }, '10.1.3.4').expect(200);
    });

    it('lets the owner in from a locked address with the reset code, and with a new password after a reset', async () => {
      await newAccount(phone(15));
      // One carrier address shared by the owner and a guesser.
      const shared = '10.1.3.10';
      const lockOut = async () => {
        for (let attempt = 0; attempt < 5; attempt++) {
          await post('auth', { phoneNumber: phone(15), password: `wrong-${attempt}` }, shared).expect(401);
        }
        await post('auth', { phoneNumber: phone(15), password: 'wrong' }, shared).expect(429);
      };

      await lockOut();
      await forgetSmsCountdown(phone(15));
      await post('reset-password', { phoneNumber: phone(15) }, shared).expect(200);
      await post('auth', { phoneNumber: phone(15), password: sms.lastSecretTo(phone(15)) }, shared).expect(200);

      await lockOut();
      await forgetSmsCountdown(phone(15));
      await post('reset-password', { phoneNumber: phone(15) }, shared).expect(200);
      const checked = await post('check-sms-code', { phoneNumber: phone(15), code: sms.lastSecretTo(phone(15)) }, shared).expect(200);
      await post('reset-password-with-token', { phoneNumber: phone(15), token: checked.body.token, password: 'new-secret' }, shared).expect(200);
      await post('auth', { phoneNumber: phone(15), password: 'new-secret' }, shared).expect(200);
    });

    it("slows an address past 50 attempts down instead of refusing a right password for a number it never tried", async () => {
      const password = await newAccount(phone(16));
      const ip = '10.1.1.3';
      // 50 earlier wrong tries from this IP at made-up numbers (each costs a scrypt hash to replay through HTTP).
      await app.get(RateLimitService).consume(AUTH_LIMITS.passwordPerIp, ip, 50);
      const started = Date.now();
      await post('auth', { phoneNumber: phone(1000), password: 'guess' }, ip).expect(401);
      await post('auth', { phoneNumber: phone(16), password }, ip).expect(200);
      // The second attempt waited its turn behind the first.
      expect(Date.now() - started).toBeGreaterThanOrEqual(PASSWORD_PACE.intervalMs - 100);
    });
  });

  describe('sign-out', () => {
    it('ends the session: the cookie is cleared and no longer signs in', async () => {
      const cookie = await signIn(phone(20), await newAccount(phone(20)));
      const response = await request(app.getHttpServer()).post('/api/auth/logout').set('Cookie', cookie).expect(200);
      expect(response.body.message.uz).toBe('Tizimdan chiqdingiz!');
      expect(response.headers['set-cookie'][0]).toMatch(/^session=;.*Expires=Thu, 01 Jan 1970/);
      const signedOut = await me(cookie).expect(401);
      expect(signedOut.body.message.uz).toBe('Tizimga kiring');
    });
  });

  describe('password reset', () => {
    it('refuses a number without an account', async () => {
      const response = await post('reset-password', { phoneNumber: phone(30) }).expect(404);
      expect(response.body.code).toBe('phoneNotRegistered');
      expect(sms.to(phone(30))).toHaveLength(0);
    });

    it('texts a 5-digit code, allows a new one only after 120 s, and the full flow sets a new password', async () => {
      const oldPassword = await newAccount(phone(31));
      const otherDevice = await signIn(phone(31), oldPassword);
      // The first password SMS itself started the 120 s countdown.
      const early = await post('reset-password', { phoneNumber: phone(31) }).expect(429);
      expect(early.body.retryAfterSeconds).toBeGreaterThan(100);
      await forgetSmsCountdown(phone(31));

      const sent = await post('reset-password', { phoneNumber: phone(31) }).expect(200);
      expect(sent.body.message.uz).toBe('Parol yuborildi');
      const code = sms.lastSecretTo(phone(31));
      expect(code).toMatch(/^\d{5}$/);
      const again = await post('reset-password', { phoneNumber: phone(31) }).expect(429);
      expect(again.body.retryAfterSeconds).toBeLessThanOrEqual(120);

      // The old password keeps working until it is changed.
      await signIn(phone(31), oldPassword);

      const wrongCode = code === '00000' ? '11111' : '00000';
      const wrong = await post('check-sms-code', { phoneNumber: phone(31), code: wrongCode }).expect(400);
      expect(wrong.body.code).toBe('wrongCode');
      const checked = await post('check-sms-code', { phoneNumber: phone(31), code }).expect(200);
      expect(checked.body.token).toEqual(expect.any(String));
      // Single use.
      await post('check-sms-code', { phoneNumber: phone(31), code }).expect(400);

      const short = await post('reset-password-with-token', { phoneNumber: phone(31), token: checked.body.token, password: '12345' }).expect(400);
      expect(short.body.fields).toEqual({ password: 'minCharacters6' });
      const forged = await post('reset-password-with-token', { phoneNumber: phone(31), token: 'forged', password: 'new-secret' }).expect(400);
      expect(forged.body.code).toBe('resetTokenExpired');

      const reset = await post('reset-password-with-token', { phoneNumber: phone(31), token: checked.body.token, password: 'new-secret' }).expect(200);
      expect(reset.body.message.uz).toBe('Parolingiz yangilandi');
      await post('reset-password-with-token', { phoneNumber: phone(31), token: checked.body.token, password: 'other-secret' }).expect(400);

      await post('auth', { phoneNumber: phone(31), password: oldPassword }).expect(401);
      await signIn(phone(31), 'new-secret');
      // Sessions opened with the old password are over.
      await me(otherDevice).expect(401);
    });

    it('accepts the code once as a one-time password at sign-in', async () => {
      await newAccount(phone(32));
      await forgetSmsCountdown(phone(32));
      await post('reset-password', { phoneNumber: phone(32) }).expect(200);
      const code = sms.lastSecretTo(phone(32));
      const cookie = await signIn(phone(32), code);
      await me(cookie).expect(200);
      await post('auth', { phoneNumber: phone(32), password: code }).expect(401);
    });

    it('makes a code useless after 5 wrong tries (429), even for the right code', async () => {
      await newAccount(phone(33));
      await forgetSmsCountdown(phone(33));
      await post('reset-password', { phoneNumber: phone(33) }).expect(200);
      const code = sms.lastSecretTo(phone(33));
      const wrongCode = String((Number(code) + 1) % 100_000).padStart(5, '0');
      for (let attempt = 0; attempt < 5; attempt++) {
        await post('check-sms-code', { phoneNumber: phone(33), code: wrongCode }).expect(400);
      }
      const limited = await post('check-sms-code', { phoneNumber: phone(33), code }).expect(429);
      expect(limited.body.retryAfterSeconds).toBeGreaterThan(0);
    });

    it('texts one number at most 5 times an hour even when the 120 s countdowns are over', async () => {
      await newAccount(phone(34));
      for (let resend = 0; resend < 4; resend++) {
        await forgetSmsCountdown(phone(34));
        await post('reset-password', { phoneNumber: phone(34) }).expect(200);
      }
      await forgetSmsCountdown(phone(34));
      const limited = await post('reset-password', { phoneNumber: phone(34) }).expect(429);
      expect(limited.body.retryAfterSeconds).toBeGreaterThan(3000);
      expect(sms.to(phone(34))).toHaveLength(5);
    });

    it('texts at most 30 messages an hour from one IP', async () => {
      const ip = '10.1.2.1';
      // 28 earlier SMS requested from this IP.
      await app.get(RateLimitService).consume(AUTH_LIMITS.smsPerIp, ip, 28);
      await post('login', { phoneNumber: phone(2000) }, ip).expect(201);
      await post('login', { phoneNumber: phone(2001) }, ip).expect(201);
      const limited = await post('login', { phoneNumber: phone(2100) }, ip).expect(429);
      expect(limited.body.code).toBe('tooManyRequests');
      // Refused before anything was created or sent.
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM users WHERE phone_number = $1`, [phone(2100)]);
      expect(count).toBe(0);
      expect(sms.to(phone(2100))).toHaveLength(0);
    });
  });

  describe('registration', () => {
    const form = (phoneNumber: string) => ({
      name: 'Aziz',
      phoneNumber,
      password: 'chosen-secret',
      confirmPassword: 'chosen-secret',
      agree: true,
    });

    it('refuses a form without the terms agreement, with different passwords or a short password', async () => {
      const response = await post('register', {
        name: '',
        phoneNumber: phone(40),
        password: '123',
        confirmPassword: '456',
        agree: false,
      }).expect(400);
      expect(response.body.fields).toEqual({ name: 'required', password: 'minCharacters6', agree: 'agreeToTerms' });
      const mismatch = await post('register', { ...form(phone(40)), confirmPassword: 'other-secret' }).expect(400);
      expect(mismatch.body.fields).toEqual({ confirmPassword: 'passwordsNotMatch' });
      expect(sms.to(phone(40))).toHaveLength(0);
    });

    it('creates the account only when the texted code confirms the number, then signs it in', async () => {
      const sent = await post('register', form(phone(41))).expect(201);
      expect(sent.body.message.uz).toBe('Tasdiqlash kodi telefon raqamingizga yuborildi');
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM users WHERE phone_number = $1`, [phone(41)]);
      expect(count).toBe(0);
      await post('auth', { phoneNumber: phone(41), password: 'chosen-secret' }).expect(401);

      const code = sms.lastSecretTo(phone(41));
      const wrongCode = code === '00000' ? '11111' : '00000';
      await post('register/confirm', { phoneNumber: phone(41), code: wrongCode }).expect(400);
      const confirmed = await post('register/confirm', { phoneNumber: phone(41), code }).expect(201);
      expect(confirmed.body.message.uz).toBe("Tabriklaymiz! Siz muvaffaqiyatli ro'yxatdan o'tdingiz");
      expect(confirmed.body.user).toMatchObject({ name: 'Aziz', phoneNumber: phone(41), profileCompleteness: 50 });
      await me(sessionCookieOf(confirmed)).expect(200);
      await signIn(phone(41), 'chosen-secret');
    });

    it('refuses a number that already has a confirmed account', async () => {
      await signIn(phone(42), await newAccount(phone(42)));
      const response = await post('register', form(phone(42))).expect(409);
      expect(response.body.fields).toEqual({ phoneNumber: 'phoneAlreadyRegistered' });
    });
  });

  describe('numbers looked up from one address', () => {
    it('stops one address from checking which numbers have accounts, known or unknown, with the translated 429', async () => {
      await newAccount(phone(60));
      const prober = '10.1.4.1';
      for (let lookup = 0; lookup < AUTH_LIMITS.accountLookupPerIp.points; lookup++) {
        await post('reset-password', { phoneNumber: phone(3000 + lookup) }, prober).expect(404);
      }
      const refusals = [
        await post('login', { phoneNumber: phone(60) }, prober),
        await post('login', { phoneNumber: phone(61) }, prober),
        await post('reset-password', { phoneNumber: phone(60) }, prober),
        await post('register', { name: 'Aziz', phoneNumber: phone(60), password: 'secret-1', confirmPassword: 'secret-1', agree: true }, prober),
      ];
      for (const limited of refusals) {
        expect(limited.status).toBe(429);
        expect(limited.body.code).toBe('tooManyRequests');
        expect(limited.body.message.ru).toBe(`Слишком много попыток. Повторите через ${limited.body.retryAfterSeconds} с`);
      }
      // Refused before anything was created or sent.
      expect(sms.to(phone(61))).toHaveLength(0);

      await post('login', { phoneNumber: phone(60) }, '10.1.4.2').expect(208);
      await post('reset-password', { phoneNumber: phone(3000) }, '10.1.4.2').expect(404);
    });
  });

  describe('numbers an SMS cannot reach', () => {
    // A UK mobile, a made-up number and a Tashkent landline.
    const unreachable = ['447911123456', '000000000000', '998711234567'];

    it('refuses them at sign-in, registration, password reset and a phone change with a translated field error, texting nothing', async () => {
      const { id, cookie } = await signedInUser(app, phone(70));
      for (const phoneNumber of unreachable) {
        const answers = [
          await post('login', { phoneNumber }),
          await post('register', { name: 'Aziz', phoneNumber, password: 'secret-1', confirmPassword: 'secret-1', agree: true }),
          await post('reset-password', { phoneNumber }),
          await request(app.getHttpServer()).put(`/api/user/${id}`).set('Cookie', cookie).set('X-Forwarded-For', IP).send({ phoneNumber }),
        ];
        for (const answer of answers) {
          expect(answer.status).toBe(400);
          expect(answer.body.fields).toEqual({ phoneNumber: 'phoneNotUzbekMobile' });
        }
      }
      const [{ texted }] = await dataSource.query(
        `SELECT count(*)::int AS texted FROM outbox_event WHERE name = 'sms.requested' AND payload->>'phoneNumber' = ANY($1)`,
        [unreachable],
      );
      expect(texted).toBe(0);
      const [{ accounts }] = await dataSource.query(`SELECT count(*)::int AS accounts FROM users WHERE phone_number = ANY($1)`, [unreachable]);
      expect(accounts).toBe(0);
    });
  });

  describe('in production', () => {
    let production: INestApplication;
    let productionSms: ReturnType<typeof smsOutbox>;
    beforeAll(async () => {
      production = await startedApp({ NODE_ENV: 'production', SERVE_FRONTEND: 'false', PAYMENTS_SANDBOX: 'true' });
      productionSms = smsOutbox(production);
    });
    afterAll(() => production.close());

    it('marks the session cookie Secure', async () => {
      await request(production.getHttpServer()).post('/api/auth/login').set('X-Forwarded-For', IP).send({ phoneNumber: phone(50) }).expect(201);
      const password = productionSms.lastSecretTo(phone(50));
      const response = await request(production.getHttpServer())
        .post('/api/auth/auth')
        .send({ phoneNumber: phone(50), password })
        .expect(200);
      expect(response.headers['set-cookie'][0]).toMatch(/; Secure/);
    });
  });

  const forgetSmsCountdown = (phoneNumber: string) => forgetCountdown(app, phoneNumber);
});
