import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TelegramLinkService } from '../src/telegram/telegram-link.service';
import { startedApp } from '../../test/support/app';
import { createSignedInUser } from '../../test/support/users';

describe('linking a seller\'s Telegram chat', () => {
  let app: INestApplication;
  let links: TelegramLinkService;

  beforeAll(async () => {
    app = await startedApp({ TELEGRAM_BOT_TOKEN: '123:TEST', TELEGRAM_BOT_USERNAME: 'telefon_bozor_bot' });
    links = app.get(TelegramLinkService);
  });
  afterAll(() => app.close());

  function tokenOf(link: string): string {
    return new URL(link).searchParams.get('start')!;
  }

  it('gives a signed-in seller a one-time deep link to the bot', async () => {
    const seller = await createSignedInUser(app);
    const response = await request(app.getHttpServer())
      .post('/api/user/telegram/link')
      .set('Cookie', seller.cookie)
      .send({ language: 'ru' })
      .expect(201);
    expect(response.body.link).toMatch(/^https:\/\/t\.me\/telefon_bozor_bot\?start=[\w-]{32}$/);

    expect(await links.redeem(tokenOf(response.body.link), 5551, { confirmed: true })).toEqual({ outcome: 'linked', userId: seller.id, language: 'ru' });
    const status = await request(app.getHttpServer()).get('/api/user/telegram').set('Cookie', seller.cookie).expect(200);
    expect(status.body).toEqual({ linked: true, botConfigured: true });
  });

  it('redeems a link only once and never an expired one', async () => {
    const seller = await createSignedInUser(app);
    const { link } = await links.createLink(seller.id, 'uz');
    expect(await links.redeem(tokenOf(link), 5552, { confirmed: true })).toMatchObject({ outcome: 'linked' });
    expect(await links.redeem(tokenOf(link), 5553, { confirmed: true })).toEqual({ outcome: 'invalid' });

    const stale = await links.createLink(seller.id, 'uz');
    await app.get(DataSource).query(`UPDATE telegram_link_token SET expires_at = now() - interval '1 minute'`);
    expect(await links.redeem(tokenOf(stale.link), 5554, { confirmed: true })).toEqual({ outcome: 'invalid' });
  });

  it("links a chat of nobody's only when the person in it agrees, naming the link's account by its number, keeping the token until then", async () => {
    // Someone sends their own link to a person whose chat with the bot was never linked, and the person presses Start.
    const stranger = await createSignedInUser(app);
    const strangers = tokenOf((await links.createLink(stranger.id, 'ru')).link);
    expect(await links.redeem(strangers, 5557)).toEqual({ outcome: 'confirm', phoneNumber: stranger.phoneNumber, linkedElsewhere: false });
    expect(await links.subscriptionByChat(5557)).toBeNull();
    expect(await links.subscriptionOf(stranger.id)).toBeNull();

    expect(await links.redeem(strangers, 5557, { confirmed: true })).toEqual({ outcome: 'linked', userId: stranger.id, language: 'ru' });
    expect(await links.subscriptionByChat(5557)).toMatchObject({ userId: stranger.id });
  });

  it("moves a chat linked to another account only when the person in it agrees, keeping the link's token until then", async () => {
    const [owner, stranger] = [await createSignedInUser(app), await createSignedInUser(app)];
    await links.redeem(tokenOf((await links.createLink(owner.id, 'uz')).link), 5556, { confirmed: true });
    // The stranger's own link, pressed in the owner's chat.
    const strangers = tokenOf((await links.createLink(stranger.id, 'ru')).link);
    expect(await links.redeem(strangers, 5556)).toEqual({ outcome: 'confirm', phoneNumber: stranger.phoneNumber, linkedElsewhere: true });
    expect(await links.subscriptionByChat(5556)).toMatchObject({ userId: owner.id });
    expect(await links.subscriptionOf(stranger.id)).toBeNull();

    expect(await links.redeem(strangers, 5556, { confirmed: true })).toEqual({ outcome: 'linked', userId: stranger.id, language: 'ru' });
    expect(await links.subscriptionByChat(5556)).toMatchObject({ userId: stranger.id });
    expect(await links.subscriptionOf(owner.id)).toBeNull();
    // The owner's own new link needs no question.
    expect(await links.redeem(tokenOf((await links.createLink(stranger.id, 'uz')).link), 5556)).toMatchObject({ outcome: 'linked' });
  });

  it('stores no token in clear', async () => {
    const seller = await createSignedInUser(app);
    const { link } = await links.createLink(seller.id, 'uz');
    const rows = await app.get(DataSource).query(`SELECT token_hash FROM telegram_link_token WHERE user_id = $1`, [seller.id]);
    expect(rows[0].token_hash).not.toContain(tokenOf(link));
  });

  it('unlinks the chat, and a deep link not yet pressed no longer links one', async () => {
    const seller = await createSignedInUser(app);
    const { link } = await links.createLink(seller.id, 'en');
    await links.redeem(tokenOf(link), 5555, { confirmed: true });
    const unpressed = await links.createLink(seller.id, 'en');
    await request(app.getHttpServer()).delete('/api/user/telegram').set('Cookie', seller.cookie).expect(204);
    expect(await links.subscriptionOf(seller.id)).toBeNull();
    expect(await links.redeem(tokenOf(unpressed.link), 5555, { confirmed: true })).toEqual({ outcome: 'invalid' });
  });

  it('refuses a visitor', async () => {
    await request(app.getHttpServer()).post('/api/user/telegram/link').send({}).expect(401);
  });

  it('says so when the bot is not configured', async () => {
    const bare = await startedApp();
    try {
      const seller = await createSignedInUser(bare);
      const status = await request(bare.getHttpServer()).get('/api/user/telegram').set('Cookie', seller.cookie).expect(200);
      expect(status.body).toEqual({ linked: false, botConfigured: false });
      const response = await request(bare.getHttpServer())
        .post('/api/user/telegram/link')
        .set('Cookie', seller.cookie)
        .send({})
        .expect(503);
      expect(response.body.code).toBe('telegramBotNotConfigured');
    } finally {
      await bare.close();
    }
  });
});
