import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { hashPassword } from '../src/auth/password-hasher';
import { SessionService } from '../src/auth/session.service';
import { grantAdminCommand } from '../src/cli/grant-admin';
import { TelegramLinkService } from '../src/telegram/telegram-link.service';
import { UsersService } from '../src/users/users.service';
import { startedApp } from '../../test/support/app';
import { signedInUser, smsOutbox } from './auth.support';

const phone = (n: number) => `99890200${String(n).padStart(4, '0')}`;
const IP = '10.2.0.1';

describe('users: profile and settings', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let sms: ReturnType<typeof smsOutbox>;

  const getMe = (cookie: string) => request(app.getHttpServer()).get('/api/user').set('Cookie', cookie);
  const put = (cookie: string, id: string, body: object) =>
    request(app.getHttpServer()).put(`/api/user/${id}`).set('Cookie', cookie).set('X-Forwarded-For', IP).send(body);
  const confirmPhone = (cookie: string, id: string, code: string) =>
    request(app.getHttpServer()).post(`/api/user/${id}/confirm-phone`).set('Cookie', cookie).send({ code });
  /** One more session of the account: the owner's other phone, or a cookie someone took. */
  const anotherSession = async (id: string) => `session=${(await app.get(SessionService, { strict: false }).start(id)).token}`;
  /** An account with a password (one made by SMS or registration), signed in. */
  const accountWithPassword = async (phoneNumber: string, password: string, role: 'admin' | 'user' = 'user') => {
    const account = await signedInUser(app, phoneNumber, role);
    await dataSource.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [account.id, await hashPassword(password, IP)]);
    return account;
  };

  beforeAll(async () => {
    app = await startedApp({ ADMIN_PHONES: `+998 90 200-09-90, ${phone(991)}` });
    dataSource = app.get(DataSource);
    sms = smsOutbox(app);
  });
  afterAll(() => app.close());

  describe('GET /api/user', () => {
    it('answers 401 to a visitor', async () => {
      const response = await request(app.getHttpServer()).get('/api/user').expect(401);
      expect(response.body.code).toBe('unauthorized');
    });

    it('shows exactly the public fields of the signed-in user, the balance as a number, whether it has a password but never the hash', async () => {
      const { id, cookie } = await signedInUser(app, phone(1));
      await dataSource.query(`UPDATE users SET balance = 39900, password_hash = 'scrypt$secret' WHERE id = $1`, [id]);
      const response = await getMe(cookie).expect(200);
      expect(response.body).toEqual({
        _id: id,
        role: 'user',
        username: null,
        email: null,
        phoneNumber: phone(1),
        name: null,
        surname: null,
        country: null,
        region: null,
        gender: null,
        image: null,
        balance: 39900,
        telegramUsername: null,
        profileCompleteness: 40,
        hasPassword: true,
      });
    });
  });

  describe('PUT /api/user/{id}', () => {
    it('saves the settings cards and recomputes the profile completeness', async () => {
      const { id, cookie } = await signedInUser(app, phone(10));
      const response = await put(cookie, id, {
        username: 'aziz_10',
        email: 'aziz10@example.uz',
        name: ' Aziz ',
        surname: 'Karimov',
        country: 'uz',
        region: 'samarqand',
        telegramUsername: '@aziz_tg10',
      }).expect(200);
      expect(response.body).toMatchObject({
        username: 'aziz_10',
        email: 'aziz10@example.uz',
        name: 'Aziz',
        surname: 'Karimov',
        country: 'uz',
        region: 'samarqand',
        telegramUsername: 'aziz_tg10',
        profileCompleteness: 80,
      });
      expect((await getMe(cookie)).body.username).toBe('aziz_10');

      const cleared = await put(cookie, id, { username: '', surname: '' }).expect(200);
      expect(cleared.body).toMatchObject({ username: null, surname: null, email: 'aziz10@example.uz', profileCompleteness: 70 });
    });

    it('stores the gender, which completes the profile to 100 %, and refuses any other value, changing nothing', async () => {
      const { id, cookie } = await signedInUser(app, phone(15));
      await put(cookie, id, { email: 'malika15@example.uz', name: 'Malika', surname: 'Karimova', country: 'uz' }).expect(200);
      const refused = await put(cookie, id, { gender: 'unknown', name: 'Other' }).expect(400);
      expect(refused.body.fields).toEqual({ gender: 'invalidValue' });
      expect((await getMe(cookie)).body).toMatchObject({ gender: null, name: 'Malika', profileCompleteness: 80 });

      const saved = await put(cookie, id, { gender: 'female' }).expect(200);
      expect(saved.body).toMatchObject({ gender: 'female', profileCompleteness: 90 });
      const cleared = await put(cookie, id, { gender: '' }).expect(200);
      expect(cleared.body).toMatchObject({ gender: null, profileCompleteness: 80 });
    });

    it("refuses another user's profile with 403 and lets an admin edit it", async () => {
      const owner = await signedInUser(app, phone(20));
      const stranger = await signedInUser(app, phone(21));
      const admin = await signedInUser(app, phone(22), 'admin');
      const refused = await put(stranger.cookie, owner.id, { name: 'Hacked' }).expect(403);
      expect(refused.body.code).toBe('forbidden');
      await put(admin.cookie, owner.id, { name: 'Fixed by admin' }).expect(200);
      expect((await getMe(owner.cookie)).body.name).toBe('Fixed by admin');
    });

    it('refuses fields outside the settings (role, balance) and wrong values, changing nothing', async () => {
      const { id, cookie } = await signedInUser(app, phone(30));
      const privileged = await put(cookie, id, { name: 'Ali', role: 'admin', balance: 1_000_000 }).expect(400);
      expect(privileged.body.code).toBe('validationFailed');
      const invalid = await put(cookie, id, { email: 'not-an-email', username: 'a b', telegramUsername: 'x' }).expect(400);
      expect(invalid.body.fields).toEqual({
        email: 'invalidEmail',
        username: 'invalidUsername',
        telegramUsername: 'invalidTelegramUsername',
      });
      const wrongRegion = await put(cookie, id, { country: 'ru', region: 'samarqand' }).expect(400);
      expect(wrongRegion.body.fields).toEqual({ region: 'invalidValue' });
      expect((await getMe(cookie)).body).toMatchObject({ name: null, role: 'user', balance: 0, country: null });
    });

    it('drops the region of the previous country when only the country changes', async () => {
      const { id, cookie } = await signedInUser(app, phone(31));
      await put(cookie, id, { country: 'uz', region: 'buxoro' }).expect(200);
      const moved = await put(cookie, id, { country: 'ru' }).expect(200);
      expect(moved.body).toMatchObject({ country: 'ru', region: null });
    });

    it('answers a translated 409 for a username or e-mail someone else has (any letter case), saving nothing', async () => {
      const first = await signedInUser(app, phone(40));
      const second = await signedInUser(app, phone(41));
      await put(first.cookie, first.id, { username: 'Taken_Name', email: 'taken@example.uz' }).expect(200);
      const username = await put(second.cookie, second.id, { username: 'taken_name', name: 'Second' }).expect(409);
      expect(username.body.code).toBe('usernameTaken');
      expect(username.body.fields).toEqual({ username: 'usernameTaken' });
      expect(username.body.message.uz).toBe('Bu foydalanuvchi nomi band');
      const email = await put(second.cookie, second.id, { email: 'TAKEN@example.uz' }).expect(409);
      expect(email.body.fields).toEqual({ email: 'emailTaken' });
      expect((await getMe(second.cookie)).body.name).toBeNull();
    });

    it('changes the phone number only after the code sent to the new number is confirmed', async () => {
      const { id, cookie } = await signedInUser(app, phone(50));
      const pending = await put(cookie, id, { phoneNumber: '+998 90 200-00-51', name: 'Mover' }).expect(200);
      expect(pending.body).toMatchObject({ phoneNumber: phone(50), name: 'Mover', pendingPhoneConfirmation: true });
      const code = sms.lastSecretTo(phone(51));
      expect(code).toMatch(/^\d{5}$/);

      const confirm = (body: object) =>
        request(app.getHttpServer()).post(`/api/user/${id}/confirm-phone`).set('Cookie', cookie).send(body);
      const wrong = await confirm({ code: code === '00000' ? '11111' : '00000' }).expect(400);
      expect(wrong.body.fields).toEqual({ code: 'wrongCode' });
      expect((await getMe(cookie)).body.phoneNumber).toBe(phone(50));

      const confirmed = await confirm({ code }).expect(200);
      expect(confirmed.body.phoneNumber).toBe(phone(51));
      expect(confirmed.body.pendingPhoneConfirmation).toBeUndefined();
      await confirm({ code }).expect(400);
    });

    it('answers a taken phone number as a free one, sending nothing, and refuses it only at confirmation', async () => {
      const { id, cookie } = await signedInUser(app, phone(60));
      await signedInUser(app, phone(61));
      const free = await put(cookie, id, { phoneNumber: phone(63) }).expect(200);
      const taken = await put(cookie, id, { phoneNumber: phone(61) }).expect(200);
      // Nothing in the answer tells a number with an account from one without.
      expect(taken.body).toEqual(free.body);
      expect(sms.to(phone(61))).toHaveLength(0);
      const confirmed = await request(app.getHttpServer())
        .post(`/api/user/${id}/confirm-phone`)
        .set('Cookie', cookie)
        .send({ code: '12345' })
        .expect(409);
      expect(confirmed.body.fields).toEqual({ phoneNumber: 'phoneNumberTaken' });
      expect((await getMe(cookie)).body.phoneNumber).toBe(phone(60));
    });

    it("spends none of a taken number's code guesses on confirming it: its owner still gets in with the code sent to them", async () => {
      const { id, cookie } = await signedInUser(app, phone(64));
      await signedInUser(app, phone(65));
      const confirm = () => request(app.getHttpServer()).post(`/api/user/${id}/confirm-phone`).set('Cookie', cookie).send({ code: '00000' });
      // Each save holds a new confirmation (5 checks each): two saves outlast the number's 9 guesses a day.
      for (let save = 0; save < 2; save++) {
        await put(cookie, id, { phoneNumber: phone(65) }).expect(200);
        for (let check = 0; check < 5; check++) await confirm().expect(409);
      }

      const owner = request.agent(app.getHttpServer());
      await owner.post('/api/auth/reset-password').send({ phoneNumber: phone(65) }).expect(200);
      await owner.post('/api/auth/check-sms-code').send({ phoneNumber: phone(65), code: sms.lastSecretTo(phone(65)) }).expect(200);
    });

    describe('with a session someone else holds (a stolen cookie, a phone left unlocked)', () => {
      it("refuses to move an account with a password to another number without its password: nothing is texted, the account recovers only to its owner", async () => {
        const victim = await accountWithPassword(phone(100), 'owner-secret');
        const borrowed = await anotherSession(victim.id);
        const attackersNumber = phone(101);
        const refused = await put(borrowed, victim.id, { phoneNumber: attackersNumber, name: 'Attacker' }).expect(400);
        expect(refused.body.fields).toEqual({ currentPassword: 'enterPassword' });
        expect(sms.to(attackersNumber)).toHaveLength(0);
        await confirmPhone(borrowed, victim.id, '12345').expect(400);
        expect((await getMe(victim.cookie)).body).toMatchObject({ phoneNumber: phone(100), name: null });
        await request(app.getHttpServer()).post('/api/auth/reset-password').set('X-Forwarded-For', IP).send({ phoneNumber: attackersNumber }).expect(404);
      });

      it('refuses a wrong password with a translated field error, texting nothing and changing nothing', async () => {
        const victim = await accountWithPassword(phone(102), 'owner-secret');
        const borrowed = await anotherSession(victim.id);
        const refused = await put(borrowed, victim.id, { phoneNumber: phone(103), name: 'Attacker', currentPassword: 'guessed-1' }).expect(400);
        expect(refused.body.fields).toEqual({ currentPassword: 'wrongCurrentPassword' });
        expect(refused.body.message).toEqual({ uz: "Parol noto'g'ri", ru: 'Неверный пароль', en: 'Wrong password' });
        expect(sms.to(phone(103))).toHaveLength(0);
        await confirmPhone(borrowed, victim.id, '12345').expect(400);
        expect((await getMe(victim.cookie)).body).toMatchObject({ phoneNumber: phone(102), name: null });
      });

      it("moves the number with the right password, then ends the account's other sessions and its Telegram link", async () => {
        const owner = await accountWithPassword(phone(104), 'owner-secret');
        const other = await anotherSession(owner.id);
        const links = app.get(TelegramLinkService);
        await dataSource.transaction((transaction) => links.linkChat(transaction, owner.id, 5_937_401_040, 'uz'));

        const pending = await put(owner.cookie, owner.id, { phoneNumber: phone(105), currentPassword: 'owner-secret' }).expect(200);
        expect(pending.body).toMatchObject({ phoneNumber: phone(104), pendingPhoneConfirmation: true });
        await getMe(other).expect(200);
        const confirmed = await confirmPhone(owner.cookie, owner.id, sms.lastSecretTo(phone(105))).expect(200);
        expect(confirmed.body.phoneNumber).toBe(phone(105));

        await getMe(other).expect(401);
        expect((await getMe(owner.cookie).expect(200)).body.phoneNumber).toBe(phone(105));
        expect(await links.subscriptionOf(owner.id)).toBeNull();
        await request(app.getHttpServer()).post('/api/auth/auth').set('X-Forwarded-For', IP).send({ phoneNumber: phone(105), password: 'owner-secret' }).expect(200);
      });

      it("asks an admin who changes another account's number for the admin's own password", async () => {
        const owner = await accountWithPassword(phone(106), 'owner-secret');
        const admin = await accountWithPassword(phone(107), 'admin-secret', 'admin');
        const refused = await put(admin.cookie, owner.id, { phoneNumber: phone(108), currentPassword: 'owner-secret' }).expect(400);
        expect(refused.body.fields).toEqual({ currentPassword: 'wrongCurrentPassword' });
        await put(admin.cookie, owner.id, { phoneNumber: phone(108), currentPassword: 'admin-secret' }).expect(200);
        expect(sms.to(phone(108))).toHaveLength(1);
      });

      it('lets an account without a password (made in the Telegram Mini App) change its number with the code alone, ending its other sessions', async () => {
        const { id, cookie } = await signedInUser(app, phone(109));
        const other = await anotherSession(id);
        const pending = await put(cookie, id, { phoneNumber: phone(110) }).expect(200);
        expect(pending.body.pendingPhoneConfirmation).toBe(true);
        await confirmPhone(cookie, id, sms.lastSecretTo(phone(110))).expect(200);
        await getMe(other).expect(401);
        expect((await getMe(cookie).expect(200)).body.phoneNumber).toBe(phone(110));
      });
    });

    it('does not send a code when the phone number is unchanged', async () => {
      const { id, cookie } = await signedInUser(app, phone(62));
      const response = await put(cookie, id, { phoneNumber: phone(62) }).expect(200);
      expect(response.body.pendingPhoneConfirmation).toBeUndefined();
      expect(sms.to(phone(62))).toHaveLength(0);
    });
  });

  describe('balance', () => {
    let users: UsersService;
    beforeAll(() => {
      users = app.get(UsersService);
    });

    it('adds and charges so\'m and answers the new balance', async () => {
      const { id } = await signedInUser(app, phone(70));
      expect(await users.changeBalance(dataSource.manager, id, 50_000)).toBe(50_000);
      expect(await users.changeBalance(dataSource.manager, id, -39_900)).toBe(10_100);
    });

    it('refuses a charge larger than the balance with 409 insufficientBalance, leaving the balance', async () => {
      const { id } = await signedInUser(app, phone(71));
      await users.changeBalance(dataSource.manager, id, 1_000);
      await expect(users.changeBalance(dataSource.manager, id, -1_001)).rejects.toMatchObject({
        messageKey: 'insufficientBalance',
        status: 409,
      });
      const [{ balance }] = await dataSource.query(`SELECT balance FROM users WHERE id = $1`, [id]);
      expect(Number(balance)).toBe(1_000);
    });

    it('lets only as many concurrent charges through as the balance covers', async () => {
      const { id } = await signedInUser(app, phone(72));
      await users.changeBalance(dataSource.manager, id, 100);
      const charges = await Promise.allSettled(
        Array.from({ length: 10 }, () => dataSource.transaction((transaction) => users.changeBalance(transaction, id, -30))),
      );
      expect(charges.filter((charge) => charge.status === 'fulfilled')).toHaveLength(3);
      const [{ balance }] = await dataSource.query(`SELECT balance FROM users WHERE id = $1`, [id]);
      expect(Number(balance)).toBe(10);
    });

    it('rolls the change back with the caller\'s transaction', async () => {
      const { id } = await signedInUser(app, phone(73));
      await expect(
        dataSource.transaction(async (transaction) => {
          await users.changeBalance(transaction, id, 5_000);
          throw new Error('the payment failed');
        }),
      ).rejects.toThrow('the payment failed');
      const [{ balance }] = await dataSource.query(`SELECT balance FROM users WHERE id = $1`, [id]);
      expect(Number(balance)).toBe(0);
    });

    it('refuses a fractional amount', async () => {
      const { id } = await signedInUser(app, phone(74));
      await expect(users.changeBalance(dataSource.manager, id, 0.5)).rejects.toThrow(/whole number/);
    });
  });

  describe('admins', () => {
    const roleOf = async (phoneNumber: string) =>
      (await dataSource.query(`SELECT role FROM users WHERE phone_number = $1`, [phoneNumber]))[0]?.role;

    it('grants the admin role to ADMIN_PHONES at start, creating accounts that do not exist', async () => {
      expect(await roleOf(phone(990))).toBe('admin');
      expect(await roleOf(phone(991))).toBe('admin');
    });

    it('lets a number made admin before its first sign-in get its password by SMS', async () => {
      const response = await request(app.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-For', IP)
        .send({ phoneNumber: phone(990) })
        .expect(201);
      expect(response.body.message.en).toMatch(/password has been sent/);
      const signedIn = await request(app.getHttpServer())
        .post('/api/auth/auth')
        .send({ phoneNumber: phone(990), password: sms.lastSecretTo(phone(990)) })
        .expect(200);
      expect(signedIn.body.user.role).toBe('admin');
    });

    it('`npm run admin -- <phone>` makes an existing user an admin', async () => {
      await signedInUser(app, phone(992));
      const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      expect(await grantAdminCommand(['+998 90 200-09-92'], { ...process.env })).toBe(0);
      expect(log).toHaveBeenCalledWith(`+${phone(992)} is an admin`);
      log.mockRestore();
      expect(await roleOf(phone(992))).toBe('admin');
    });

    it('`npm run admin` refuses an incomplete number', async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(await grantAdminCommand(['+998 90 12'], { ...process.env })).toBe(2);
      expect(error).toHaveBeenCalledWith('Not an Uzbek mobile number (+998 and an operator code, 12 digits): +998 90 12');
      error.mockRestore();
    });
  });
});
