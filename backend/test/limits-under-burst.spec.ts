import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AUTH_LIMITS } from '../src/auth/auth.limits';
import { hashPassword } from '../src/auth/password-hasher';
import { BUYER_LIMITS } from '@market/contracts';
import { DEVICE_SPEC_REFRESH_LIMIT } from '../src/devices/devices.service';
import { LISTING_LIMITS } from '../src/listings/listing.limits';
import { AVATAR_LIMITS } from '../src/uploads/avatar.limits';
import { RateLimitService } from '../src/rate-limit/rate-limit.service';
import { burst, countStatuses } from '../../test/support/burst';
import { insertListing } from '../../test/support/listings';
import { detailedPhoto } from '../../test/support/pictures';
import { appWithSmsOutbox, forgetSmsCountdown, signedInUser, type smsOutbox } from './auth.support';

// Numbers and addresses of this file only.
const phone = (n: number) => `99890377${String(n).padStart(4, '0')}`;
const browser = (name: string) => `code_requester=${name.padEnd(43, '0')}`;

/**
 * Every limit of the app under a burst (issue 32): requests released together (`burst`), of which
 * at most the limit's number may be evaluated. A limit that checks first and records after lets a
 * burst through whole; these fail on such a limit.
 */
describe('limits under a burst of simultaneous requests', () => {
  let app: INestApplication;
  let sms: ReturnType<typeof smsOutbox>;
  let dataSource: DataSource;
  const server = () => app.getHttpServer();
  const post = (path: string, body: object, ip: string, from = browser('owner')) =>
    request(server()).post(`/api/auth/${path}`).set('X-Forwarded-For', ip).set('Cookie', from).send(body);

  beforeAll(async () => {
    ({ app, sms } = await appWithSmsOutbox());
    dataSource = app.get(DataSource);
  });
  afterAll(() => app.close());

  it('checks at most 5 of 61 passwords sent at once for one number from one address, the right one included', async () => {
    await post('login', { phoneNumber: phone(1) }, '10.3.0.1').expect(201);
    const password = sms.lastSecretTo(phone(1));
    const answers = await burst(61, (guess) =>
      post('auth', { phoneNumber: phone(1), password: guess === 60 ? password : `wrong-${guess}` }, '10.3.0.2'),
    );
    const statuses = countStatuses(answers);
    expect((statuses[401] ?? 0) + (statuses[200] ?? 0)).toBe(AUTH_LIMITS.passwordPerPhoneAndIp.points);
    expect(statuses[429]).toBe(61 - AUTH_LIMITS.passwordPerPhoneAndIp.points);
  });

  it('checks at most 5 guesses of a code sent at once, and the right code still works after the burst is spent', async () => {
    await post('login', { phoneNumber: phone(2) }, '10.3.0.3').expect(201);
    await forgetSmsCountdown(app, phone(2));
    await post('reset-password', { phoneNumber: phone(2) }, '10.3.0.3').expect(200);
    const code = sms.lastSecretTo(phone(2));
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
    const answers = await burst(20, () => post('check-sms-code', { phoneNumber: phone(2), code: wrong }, '10.3.0.3'));
    expect(countStatuses(answers)).toEqual({ 400: AUTH_LIMITS.codeTries.points, 429: 20 - AUTH_LIMITS.codeTries.points });
  });

  it("never lets another browser's guesses burn the owner's code", async () => {
    await post('login', { phoneNumber: phone(3) }, '10.3.0.4').expect(201);
    await forgetSmsCountdown(app, phone(3));
    await post('reset-password', { phoneNumber: phone(3) }, '10.3.0.4').expect(200);
    const code = sms.lastSecretTo(phone(3));
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
    // A stranger with a browser that never asked for this code: every guess finds nothing, none is compared.
    await burst(10, () => post('check-sms-code', { phoneNumber: phone(3), code: wrong }, '10.3.0.5', browser('stranger')));
    // The stranger's own right guess finds nothing either: the code belongs to the owner's browser.
    await post('check-sms-code', { phoneNumber: phone(3), code }, '10.3.0.6', browser('stranger')).expect(400);
    await post('check-sms-code', { phoneNumber: phone(3), code }, '10.3.0.4').expect(200);
  });

  it('counts code checks per address, so probing numbers without a pending code is refused too', async () => {
    const answers = await burst(40, (n) => post('check-sms-code', { phoneNumber: phone(100 + n), code: '12345' }, '10.3.0.7'));
    expect(countStatuses(answers)).toEqual({ 400: AUTH_LIMITS.codeChecksPerIp.points, 429: 40 - AUTH_LIMITS.codeChecksPerIp.points });
  });

  it("keeps a number's code guesses from everywhere under 1 in 10,000 a day", async () => {
    await post('login', { phoneNumber: phone(4) }, '10.3.0.8').expect(201);
    const guessers = ['a', 'b', 'c', 'd'];
    for (const guesser of guessers) {
      await forgetSmsCountdown(app, phone(4));
      await post('reset-password', { phoneNumber: phone(4) }, `10.3.1.${guessers.indexOf(guesser)}`, browser(guesser)).expect(200);
    }
    const answers = await burst(4 * 5, (n) =>
      post('check-sms-code', { phoneNumber: phone(4), code: '00000' }, `10.3.1.${n % 4}`, browser(guessers[n % 4])),
    );
    const compared = (countStatuses(answers)[400] ?? 0) + (countStatuses(answers)[200] ?? 0);
    expect(compared).toBeLessThanOrEqual(AUTH_LIMITS.codeGuessesPerNumber.points);
    expect(AUTH_LIMITS.codeGuessesPerNumber.points / 100_000).toBeLessThan(1 / 10_000);
  });

  it('texts one SMS of a burst of reset requests for one number', async () => {
    await post('login', { phoneNumber: phone(5) }, '10.3.0.9').expect(201);
    await forgetSmsCountdown(app, phone(5));
    const before = sms.to(phone(5)).length;
    const answers = await burst(10, () => post('reset-password', { phoneNumber: phone(5) }, '10.3.0.9'));
    expect(countStatuses(answers)).toEqual({ 200: 1, 429: 9 });
    expect(sms.to(phone(5))).toHaveLength(before + 1);
  });

  it('counts account lookups of a burst from one address: sign-in, reset, registration and last-sms alike', async () => {
    const ip = '10.3.0.10';
    await app.get(RateLimitService).consume(AUTH_LIMITS.accountLookupPerIp, ip, AUTH_LIMITS.accountLookupPerIp.points - 4);
    const answers = await burst(12, (n) =>
      n % 3 === 0
        ? post('reset-password', { phoneNumber: phone(200 + n) }, ip)
        : n % 3 === 1
          ? request(server()).get(`/api/auth/last-sms?phoneNumber=${phone(200 + n)}`).set('X-Forwarded-For', ip)
          : post('login', { phoneNumber: phone(200 + n) }, ip),
    );
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(4);
  });

  it('counts settings saves that tell whether a username, e-mail or number is taken, 20 an hour per account', async () => {
    const { id, cookie } = await signedInUser(app, phone(6));
    const answers = await burst(30, (n) =>
      request(server()).put(`/api/user/${id}`).set('Cookie', cookie).set('X-Forwarded-For', '10.3.0.11').send({ username: `probe_${n}` }),
    );
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(AUTH_LIMITS.accountLookupPerUser.points);
  });

  it("compares at most 5 of 30 passwords sent at once with a settings change of number, and counts them with sign-in's", async () => {
    const { id, cookie } = await signedInUser(app, phone(12));
    await dataSource.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [id, await hashPassword('owner-secret', 'test')]);
    const ip = '10.3.0.15';
    const newNumbers = Array.from({ length: 30 }, (_, n) => phone(300 + n));
    const answers = await burst(30, (n) =>
      request(server()).put(`/api/user/${id}`).set('Cookie', cookie).set('X-Forwarded-For', ip).send({ phoneNumber: newNumbers[n], currentPassword: `wrong-${n}` }),
    );
    expect(countStatuses(answers)).toEqual({ 400: AUTH_LIMITS.passwordPerPhoneAndIp.points, 429: 30 - AUTH_LIMITS.passwordPerPhoneAndIp.points });
    // Each 400 is a password compared and found wrong.
    for (const answer of answers.filter(({ status }) => status === 400)) expect(answer.body.fields).toEqual({ currentPassword: 'wrongCurrentPassword' });
    expect(sms.sent.filter((text) => newNumbers.includes(text.phoneNumber))).toEqual([]);
    // The same attempts as sign-in's: this address has none left at the number, even with the right password.
    await post('auth', { phoneNumber: phone(12), password: 'owner-secret' }, ip).expect(429);
  });

  it('reveals at most the limit of seller contacts of a burst from one visitor', async () => {
    const seller = await signedInUser(app, phone(7));
    const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
    const ip = '10.3.0.12';
    await app.get(RateLimitService).consume(LISTING_LIMITS.contactReveals, `ip:${ip}`, LISTING_LIMITS.contactReveals.points - 3);
    const answers = await burst(10, () => request(server()).get(`/api/phone/${listingId}/contact`).set('X-Forwarded-For', ip));
    expect(countStatuses(answers)).toEqual({ 200: 3, 429: 7 });
  });

  it('keeps at most the saved searches a buyer may have, of a burst of different searches', async () => {
    const buyer = await signedInUser(app, phone(9));
    const answers = await burst(BUYER_LIMITS.savedSearchesPerUser + 5, (n) =>
      request(server())
        .post('/api/user/saved-searches')
        .set('Cookie', buyer.cookie)
        .send({ query: { maxPrice: 1_000_000 + n * 50_000 } }),
    );
    expect(countStatuses(answers)).toEqual({ 201: BUYER_LIMITS.savedSearchesPerUser, 409: 5 });
    const [{ kept }] = await dataSource.query(`SELECT count(*)::int AS kept FROM saved_search WHERE user_id = $1`, [buyer.id]);
    expect(kept).toBe(BUYER_LIMITS.savedSearchesPerUser);
  });

  it('takes at most the avatar uploads left this hour of a burst', async () => {
    const user = await signedInUser(app, phone(10));
    await app.get(RateLimitService).consume(AVATAR_LIMITS.uploads, user.id, AVATAR_LIMITS.uploads.points - 2);
    const photo = await detailedPhoto(10);
    const answers = await burst(5, (n) => request(server()).post('/api/upload').set('Cookie', user.cookie).attach('image', photo, `me-${n}.jpg`));
    expect(countStatuses(answers)).toEqual({ 201: 2, 429: 3 });
  });

  it('asks for at most the spec refreshes left this hour of a burst', async () => {
    const user = await signedInUser(app, phone(11));
    const [device] = await dataSource.query(`SELECT id FROM devices ORDER BY name LIMIT 1`);
    await app.get(RateLimitService).consume(DEVICE_SPEC_REFRESH_LIMIT, user.id, DEVICE_SPEC_REFRESH_LIMIT.points - 2);
    const answers = await burst(5, () => request(server()).post('/api/phone/update-device-spec').set('Cookie', user.cookie).send({ id: device.id }));
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
  });

  it('creates one registration of a burst from two browsers for one number, and each browser confirms only its own code', async () => {
    const form = { name: 'Aziz', phoneNumber: phone(8), password: 'owner-secret', confirmPassword: 'owner-secret', agree: true };
    await post('register', { ...form, name: 'Attacker', password: 'attacker-1', confirmPassword: 'attacker-1' }, '10.3.0.13', browser('attacker')).expect(201);
    const attackerCode = sms.lastSecretTo(phone(8));
    await forgetSmsCountdown(app, phone(8));
    const sent = await post('register', form, '10.3.0.14', browser('victim')).expect(201);
    expect(sent.body.codeSentBefore).toBe(true);
    expect(sent.body.message.uz).toBe("Tasdiqlash kodi yuborildi. Bu raqamga boshqa qurilmadan ham kod so'ralgan: eng oxirgi SMSdagi kodni kiriting");
    const victimCode = sms.lastSecretTo(phone(8));
    // The attacker's code typed in the victim's browser, and the victim's code in the attacker's, find nothing.
    if (attackerCode !== victimCode) await post('register/confirm', { phoneNumber: phone(8), code: attackerCode }, '10.3.0.14', browser('victim')).expect(400);
    await post('register/confirm', { phoneNumber: phone(8), code: victimCode }, '10.3.0.13', browser('attacker')).expect(400);
    const confirmed = await post('register/confirm', { phoneNumber: phone(8), code: victimCode }, '10.3.0.14', browser('victim')).expect(201);
    expect(confirmed.body.user.name).toBe('Aziz');
    await post('auth', { phoneNumber: phone(8), password: 'owner-secret' }, '10.3.0.14').expect(200);
    await post('auth', { phoneNumber: phone(8), password: 'attacker-1' }, '10.3.0.13').expect(401);
  });
});
