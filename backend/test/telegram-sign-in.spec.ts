import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { CONVERSATION_SOCKET_PATH } from '@market/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AUTH_LIMITS } from '../src/auth/auth.limits';
import { RateLimitService } from '../src/rate-limit/rate-limit.service';
import { TelegramLinkService } from '../src/telegram/telegram-link.service';
import { burst, burstBehindRow, countStatuses } from '../../test/support/burst';
import { startedApp } from '../../test/support/app';
import { type LaunchUser, launchFields, signInitData, signedLaunch, TEST_BOT_TOKEN } from '../../test/support/telegram-init-data';
import { signedInUser, smsOutbox } from './auth.support';
import { insertListing } from '../../test/support/listings';
import { listingsApp, testBrand } from './listings-support';

// Numbers, Telegram users and IPs of this file only: test files share the database and Redis.
const phone = (n: number) => `99893740${String(n).padStart(4, '0')}`;
const telegramUser = (n: number, more: Partial<LaunchUser> = {}): LaunchUser => ({ id: 5937400000 + n, first_name: 'Dilshod', last_name: `Test ${n}`, ...more });
const IP = '10.40.0.1';

describe('Telegram Mini App sign-in (POST /api/auth/telegram)', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let links: TelegramLinkService;
  let sms: ReturnType<typeof smsOutbox>;

  const signIn = (body: object, ip = IP) => request(app.getHttpServer()).post('/api/auth/telegram').set('X-Forwarded-For', ip).send(body);
  const me = (token: string) => request(app.getHttpServer()).get('/api/user').set('Authorization', `Bearer ${token}`);
  const linkChat = (userId: string, chatId: number) => dataSource.transaction((transaction) => links.linkChat(transaction, userId, chatId, 'uz'));
  const counts = async () => {
    const [row] = await dataSource.query(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM sessions)::int AS sessions,
              (SELECT count(*) FROM telegram_subscription)::int AS links`,
    );
    return row;
  };

  beforeAll(async () => {
    app = await startedApp({ TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'telefon_bozor_test_bot' });
    dataSource = app.get(DataSource);
    links = app.get(TelegramLinkService);
    sms = smsOutbox(app);
  });
  afterAll(() => app.close());
  beforeEach(() => app.get(RateLimitService).reset(AUTH_LIMITS.telegramSignInPerIp, IP));

  it('signs in the account whose chat with the bot is linked, with a session for the header and no cookie', async () => {
    const account = await signedInUser(app, phone(1));
    await linkChat(account.id, telegramUser(1).id);
    const response = await signIn({ initData: signedLaunch(telegramUser(1)) }).expect(200);
    expect(response.body).toMatchObject({ status: 'signedIn', user: { _id: account.id }, message: { uz: expect.any(String) } });
    expect(response.headers['set-cookie']).toBeUndefined();
    const profile = await me(response.body.session.token).expect(200);
    expect(profile.body._id).toBe(account.id);
  });

  it('asks for the phone number when the chat is not linked and no contact was shared, creating nothing', async () => {
    const before = await counts();
    const response = await signIn({ initData: signedLaunch(telegramUser(2)) }).expect(200);
    expect(response.body).toEqual({ status: 'contactNeeded' });
    expect(await counts()).toEqual(before);
  });

  it('signs in the account of a number shared with the bot and links the chat', async () => {
    const account = await signedInUser(app, phone(3));
    await links.recordContact(telegramUser(3).id, phone(3));
    const response = await signIn({ initData: signedLaunch(telegramUser(3)) }).expect(200);
    expect(response.body).toMatchObject({ status: 'signedIn', user: { _id: account.id } });
    expect((await links.subscriptionByChat(telegramUser(3).id))?.userId).toBe(account.id);
    // The next launch signs in by the linked chat.
    await signIn({ initData: signedLaunch(telegramUser(3)) }).expect(200);
  });

  it("answers launches of one Telegram user lined up behind the shared number on a pool no larger than their number, each on its own transaction's connection", async () => {
    // The launches waiting for the shared number's row hold every connection; the one that took the number asked the
    // pool for a second connection to find its account and waited for them (503 after 3 s).
    const account = await signedInUser(app, phone(13));
    await links.recordContact(telegramUser(13).id, phone(13));
    const small = await startedApp({ TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, DATABASE_POOL_SIZE: '3' });
    try {
      const lock = { sql: `SELECT 1 FROM telegram_contact WHERE telegram_user_id = $1 FOR UPDATE`, params: [String(telegramUser(13).id)] };
      const launch = () => request(small.getHttpServer()).post('/api/auth/telegram').set('X-Forwarded-For', IP).send({ initData: signedLaunch(telegramUser(13)) });
      const answers = await burstBehindRow(dataSource, lock, 3, 6, launch);
      expect(countStatuses(answers)).toEqual({ 200: 6 });
      expect((await links.subscriptionByChat(telegramUser(13).id))?.userId).toBe(account.id);
    } finally {
      await small.close();
    }
  });

  it('registers a new number shared with the bot under the name given and the terms agreed, confirmed and linked', async () => {
    await links.recordContact(telegramUser(4, { language_code: 'ru' }).id, phone(4));
    const refused = await signIn({ initData: signedLaunch(telegramUser(4, { language_code: 'ru' })) }).expect(400);
    expect(refused.body).toMatchObject({ code: 'agreeToTerms', fields: { agree: 'agreeToTerms' } });
    expect(await dataSource.query(`SELECT 1 FROM users WHERE phone_number = $1`, [phone(4)])).toHaveLength(0);

    const response = await signIn({ initData: signedLaunch(telegramUser(4, { language_code: 'ru' })), name: 'Dilshod Rahimov', agree: true }).expect(200);
    expect(response.body).toMatchObject({ status: 'signedIn', message: { en: expect.stringMatching(/congratulations/i) } });
    const [created] = await dataSource.query(`SELECT id, name, phone_confirmed, password_hash FROM users WHERE phone_number = $1`, [phone(4)]);
    expect(created).toEqual({ id: response.body.user._id, name: 'Dilshod Rahimov', phone_confirmed: true, password_hash: null });
    expect(await links.subscriptionByChat(telegramUser(4).id)).toMatchObject({ userId: created.id, language: 'ru' });
  });

  it("replaces the app's previous session with the new launch's", async () => {
    const account = await signedInUser(app, phone(5));
    await linkChat(account.id, telegramUser(5).id);
    const first = (await signIn({ initData: signedLaunch(telegramUser(5)) }).expect(200)).body.session.token;
    const second = await request(app.getHttpServer())
      .post('/api/auth/telegram')
      .set('X-Forwarded-For', IP)
      .set('Authorization', `Bearer ${first}`)
      .send({ initData: signedLaunch(telegramUser(5)) })
      .expect(200);
    await me(first).expect(401);
    await me(second.body.session.token).expect(200);
  });

  it("ends the account's Telegram links with a password reset: a chat someone linked with a stolen session no longer signs in", async () => {
    const victim = await signedInUser(app, phone(14));
    const attacker = telegramUser(14);
    // With the victim's session, the attacker links their own chat and keeps a second deep link for later.
    const linkOf = async () =>
      new URL((await request(app.getHttpServer()).post('/api/user/telegram/link').set('Cookie', victim.cookie).send({ language: 'uz' }).expect(201)).body.link).searchParams.get('start')!;
    expect(await links.redeem(await linkOf(), attacker.id, { confirmed: true })).toMatchObject({ outcome: 'linked', userId: victim.id });
    const spare = await linkOf();
    expect((await signIn({ initData: signedLaunch(attacker) }).expect(200)).body.user._id).toBe(victim.id);

    // The victim resets the password from the sign-in page.
    const reset = (path: string, body: object) =>
      request(app.getHttpServer()).post(`/api/auth/${path}`).set('X-Forwarded-For', IP).set('Cookie', `code_requester=${'victim'.padEnd(43, '0')}`).send(body);
    await reset('reset-password', { phoneNumber: phone(14) }).expect(200);
    const { token } = (await reset('check-sms-code', { phoneNumber: phone(14), code: sms.lastSecretTo(phone(14)) }).expect(200)).body;
    await reset('reset-password-with-token', { phoneNumber: phone(14), token, password: 'new-secret' }).expect(200);

    expect((await signIn({ initData: signedLaunch(attacker) }).expect(200)).body).toEqual({ status: 'contactNeeded' });
    expect(await links.subscriptionOf(victim.id)).toBeNull();
    expect(await links.redeem(spare, attacker.id, { confirmed: true })).toEqual({ outcome: 'invalid' });
  });

  describe('refusals: the usual error envelope, and nothing is created', () => {
    const tampered = () => {
      const params = new URLSearchParams(signedLaunch(telegramUser(6)));
      params.set('user', JSON.stringify(telegramUser(7)));
      return params.toString();
    };
    const withoutHash = () => {
      const params = new URLSearchParams(signedLaunch(telegramUser(6)));
      params.delete('hash');
      return params.toString();
    };
    const cases: [string, () => string, string][] = [
      ['a changed field', tampered, 'telegramLaunchInvalid'],
      ["another bot's initData", () => signedLaunch(telegramUser(6), { botToken: '7000000002:AAanother-bot' }), 'telegramLaunchInvalid'],
      ['a stale initData', () => signedLaunch(telegramUser(6), { authDate: new Date(Date.now() - 25 * 3600 * 1000) }), 'telegramLaunchExpired'],
      ['a missing hash', withoutHash, 'telegramLaunchInvalid'],
      ['a key given twice', () => signInitData([...launchFields(telegramUser(6)), ['user', JSON.stringify(telegramUser(7))]]), 'telegramLaunchInvalid'],
    ];

    it.each(cases)('refuses %s with 401', async (_name, initData, key) => {
      await links.recordContact(telegramUser(6).id, phone(6));
      await links.recordContact(telegramUser(7).id, phone(7));
      const before = await counts();
      const response = await signIn({ initData: initData(), agree: true, name: 'Stranger' }).expect(401);
      expect(response.body).toEqual({ message: { uz: expect.any(String), ru: expect.any(String), en: expect.any(String) }, code: key });
      expect(await counts()).toEqual(before);
    });
  });

  it("consumes the address's sign-ins before checking them: of a burst of 65, 60 are checked", async () => {
    const ip = '10.40.0.2';
    await app.get(RateLimitService).reset(AUTH_LIMITS.telegramSignInPerIp, ip);
    const answers = await burst(65, () => signIn({ initData: signedLaunch(telegramUser(8), { botToken: '7000000002:AAanother-bot' }) }, ip));
    expect(countStatuses(answers)).toEqual({ 401: 60, 429: 5 });
  });

  describe('sessions in the header', () => {
    it('accepts a header session only in the header, and a cookie session only as the cookie', async () => {
      const account = await signedInUser(app, phone(9));
      await linkChat(account.id, telegramUser(9).id);
      const headerToken = (await signIn({ initData: signedLaunch(telegramUser(9)) }).expect(200)).body.session.token;
      await request(app.getHttpServer()).get('/api/user').set('Cookie', `session=${headerToken}`).expect(401);
      await me(account.cookie.slice('session='.length)).expect(401);
      await request(app.getHttpServer()).get('/api/user').set('Cookie', account.cookie).expect(200);
    });

    it("lets a header session's change through whatever the page's origin, but not a cookie's from another site", async () => {
      const account = await signedInUser(app, phone(10));
      await linkChat(account.id, telegramUser(10).id);
      const token = (await signIn({ initData: signedLaunch(telegramUser(10)) }).expect(200)).body.session.token;
      const logout = () => request(app.getHttpServer()).post('/api/auth/logout').set('Sec-Fetch-Site', 'cross-site').set('Origin', 'https://evil.example');
      await logout().set('Cookie', account.cookie).expect(403);
      await logout().set('Cookie', account.cookie).set('Authorization', `Bearer ${token}`).expect(403);
      await logout().set('Authorization', `Bearer ${token}`).expect(200);
      await me(token).expect(401);
      await request(app.getHttpServer()).get('/api/user').set('Cookie', account.cookie).expect(200);
    });
  });

  it("opens the conversations' live socket with the header session's token in the handshake, never a cookie's", async () => {
    const account = await signedInUser(app, phone(11));
    await linkChat(account.id, telegramUser(11).id);
    const token = (await signIn({ initData: signedLaunch(telegramUser(11)) }).expect(200)).body.session.token;
    await app.listen(0, '127.0.0.1');
    const connect = async (auth: object) => {
      const socket = io(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`, { path: CONVERSATION_SOCKET_PATH, transports: ['websocket'], reconnection: false, auth });
      const outcome = await new Promise<string>((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', (error) => resolve(error.message));
      });
      socket.disconnect();
      return outcome;
    };
    expect(await connect({ token })).toBe('connected');
    expect(await connect({ token: account.cookie.slice('session='.length) })).toBe('unauthorized');
    expect(await connect({})).toBe('unauthorized');
  });

  describe('public answers reused for anonymous visitors', () => {
    let cached: INestApplication;
    beforeAll(async () => {
      cached = await listingsApp({ PUBLIC_CACHE_TTL_MS: '300', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN });
    });
    afterAll(() => cached.close());

    it('answers a header session as signed in: never from the anonymous answers, and its answer kept for nobody', async () => {
      const dataSource = cached.get(DataSource);
      await testBrand(cached, 'MiniAppAnswers');
      const seller = await signedInUser(cached, phone(12));
      await dataSource.transaction((transaction) => cached.get(TelegramLinkService).linkChat(transaction, seller.id, telegramUser(12).id, 'uz'));
      const id = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
      const detail = () => request(cached.getHttpServer()).get(`/api/phone/${id}`);
      const token = (await request(cached.getHttpServer()).post('/api/auth/telegram').send({ initData: signedLaunch(telegramUser(12)) }).expect(200)).body.session.token;

      expect((await detail().expect(200)).body).toMatchObject({ price: 6500000 });
      await dataSource.query(`UPDATE listing SET price = 7000000 WHERE id = $1`, [id]);
      const own = await detail().set('Authorization', `Bearer ${token}`).expect(200);
      expect(own.body).toMatchObject({ price: 7000000, owner: expect.any(Object) });
      const anonymous = await detail().expect(200);
      expect(anonymous.body).toMatchObject({ price: 6500000 });
      expect(anonymous.body.owner).toBeUndefined();
    });
  });

  describe('framing', () => {
    let site: INestApplication;
    beforeAll(async () => {
      const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Telefon bozor</title></head><body><div id="root"></div></body></html>');
      site = await startedApp({ SERVE_FRONTEND: 'true', FRONTEND_DIST: dist });
    });
    afterAll(() => site.close());

    it("lets Telegram's web clients frame the Mini App's entry page, and nothing else", async () => {
      const entry = await request(site.getHttpServer()).get('/mini-app?tgWebAppStartParam=x').expect(200);
      expect(entry.headers['content-security-policy']).toContain("frame-ancestors 'self' https://web.telegram.org");
      expect(entry.headers['x-frame-options']).toBeUndefined();
      for (const path of ['/', '/phone/5f0c6f0e-0000-4000-8000-000000000000', '/api/categories', '/api/user']) {
        const response = await request(site.getHttpServer()).get(path);
        expect([path, response.headers['x-frame-options']]).toEqual([path, 'SAMEORIGIN']);
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self';");
      }
    });
  });
});
