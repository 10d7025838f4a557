import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startedApp } from '../../test/support/app';

describe('GET /api/phone/tariffs: the channels each tariff posts to, as this site is set up', () => {
  const started: INestApplication[] = [];
  afterAll(() => Promise.all(started.map((app) => app.close())));

  async function tariffsWith(config: Record<string, string>) {
    const app = await startedApp(config);
    started.push(app);
    return (await request(app.getHttpServer()).get('/api/phone/tariffs').expect(200)).body;
  }

  it('offers no channel when none is set up: Super 4x posts to the website only', async () => {
    expect(await tariffsWith({})).toEqual({
      tariffs: [
        { value: 0, channels: [] },
        { value: 1, channels: [] },
      ],
    });
  });

  it('offers the channels set up with their account and token, and not one missing either', async () => {
    const body = await tariffsWith({
      INSTAGRAM_USER_ID: '17841400000000000',
      INSTAGRAM_ACCESS_TOKEN: 'EAAGt0k3n',
      FACEBOOK_PAGE_ID: '100000000000001',
      FACEBOOK_PAGE_TOKEN: 'EAAGp4ge',
      // A channel id without the bot's token cannot post.
      TELEGRAM_CHANNEL_ID: '@telefonbozor',
    });
    expect(body).toEqual({
      tariffs: [
        { value: 0, channels: [] },
        { value: 1, channels: ['instagram', 'facebook'] },
      ],
    });
  });
});
