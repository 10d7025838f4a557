import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Config } from '@market/backend';
import { startFakeGraph } from '../../test/fakes/graph-api';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser } from '../../test/support/users';
import { everyChannelConfig, startApiAndWorkers } from './stack.support';

/** Kanalda qayta joylash (issue 39): a bought repost goes through the channel-posting pipeline once per channel. */
describe('a bought channel repost', () => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  let config: Config;
  let api: INestApplication;
  let workers: INestApplicationContext;
  let dataSource: DataSource;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;

  beforeAll(async () => {
    [telegram, graph, database] = await Promise.all([startFakeTelegram(), startFakeGraph(), ownTestDatabase('repost')]);
    config = everyChannelConfig('repost', database.url, telegram, graph.url);
    ({ api, workers } = await startApiAndWorkers(config));
    dataSource = api.get(DataSource);
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
    await Promise.all([telegram?.close(), graph?.close(), database?.drop()]);
  });

  it('posts an Oddiy listing to every configured channel once per repost bought, and marks each repost done', async () => {
    const seller = await createSignedInUser(api, { balance: 100_000 });
    const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active', tarif: 0 });
    const albums = () => telegram.callsOf('sendMediaGroup').filter((call) => JSON.stringify(call.body).includes(listingId));
    const states = async () => (await dataSource.query(`SELECT state FROM promotion WHERE listing_id = $1 ORDER BY starts_at`, [listingId])).map((row: { state: string }) => row.state);

    const repost = () => request(api.getHttpServer()).post(`/api/phone/${listingId}/promotions`).set('Cookie', seller.cookie).send({ product: 'channelRepost' }).expect(200);
    await repost();
    await eventually(async () => {
      const { posts } = (await dataSource.query(`SELECT posts FROM listing WHERE id = $1`, [listingId]))[0];
      for (const channel of ['telegram', 'instagram', 'facebook']) expect(posts[channel]).toMatchObject({ posted: true, state: 'posted' });
      expect(await states()).toEqual(['done']);
    });
    expect(albums()).toHaveLength(1);

    // A second repost is a post of its own: its steps are kept apart from the first one's.
    await repost();
    await eventually(async () => expect(await states()).toEqual(['done', 'done']));
    await eventually(async () => expect(albums()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(albums()).toHaveLength(2);
    expect(graph.callsTo('media_publish')).toHaveLength(2);
  });
});
