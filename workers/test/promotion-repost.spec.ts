import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { PromotionSettlement } from '@market/backend';
import { PROMOTION_DEFAULT_PRICES, QUEUES } from '@market/contracts';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { startEveryChannelStack, type EveryChannelStack } from './stack.support';

/** Kanalda qayta joylash (issue 39): a bought repost goes through the channel-posting pipeline once per channel. */
describe('a bought channel repost', () => {
  let stack: EveryChannelStack;

  beforeAll(async () => {
    stack = await startEveryChannelStack('repost');
  });

  const buyRepost = async (seller: TestUser, listingId: string): Promise<string> =>
    (await request(stack.api.getHttpServer()).post(`/api/phone/${listingId}/promotions`).set('Cookie', seller.cookie).send({ product: 'channelRepost' }).expect(200)).body.promotion._id;
  const promotionsOf = async (seller: TestUser, listingId: string) =>
    (await request(stack.api.getHttpServer()).get(`/api/phone/${listingId}/promotions`).set('Cookie', seller.cookie).expect(200)).body.promotions;
  const balanceHistory = async (seller: TestUser): Promise<{ kind: string; amount: number }[]> =>
    (await request(stack.api.getHttpServer()).get('/api/user/balance-history').set('Cookie', seller.cookie).expect(200)).body.entries;
  /** The repost's channel jobs that ended failed, as the queue dashboard lists them. */
  const failedJobsOf = async (promotionId: string) =>
    (await stack.workers.get<Queue>(getQueueToken(QUEUES.social)).getFailed()).filter((job) => job.data.repostOf === promotionId);
  const socialQueue = () => stack.workers.get<Queue>(getQueueToken(QUEUES.social));
  /** The repost's channel jobs that ended completed. */
  const completedJobsOf = async (promotionId: string) => (await socialQueue().getCompleted()).filter((job) => job.data.repostOf === promotionId);
  /** Every call a channel received about the listing (its album, its Instagram and Facebook captions). */
  const channelCallsAbout = (listingId: string) => [...stack.telegram.calls, ...stack.graph.calls].filter((call) => JSON.stringify(call.body).includes(listingId));
  const settle = () => stack.workers.get(PromotionSettlement).settle();
  /** A repost bought while the social queue holds its jobs, and `meanwhile` done before they run: its id. */
  async function boughtWhileJobsWait(seller: TestUser, listingId: string, meanwhile: (promotionId: string) => Promise<void>): Promise<string> {
    await socialQueue().pause();
    try {
      const promotionId = await buyRepost(seller, listingId);
      await meanwhile(promotionId);
      return promotionId;
    } finally {
      await socialQueue().resume();
    }
  }
  const listingAction = (seller: TestUser, listingId: string, action: 'off-sale' | 'on-sale') =>
    request(stack.api.getHttpServer()).post(`/api/phone/${listingId}/${action}`).set('Cookie', seller.cookie).expect(200);
  afterAll(() => stack?.close());

  it('posts an Oddiy listing to every configured channel once per repost bought, and marks each repost done', async () => {
    const seller = await createSignedInUser(stack.api, { balance: 100_000 });
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', tarif: 0 });
    const albums = () => stack.telegram.callsOf('sendMediaGroup').filter((call) => JSON.stringify(call.body).includes(listingId));
    const states = async () => (await stack.dataSource.query(`SELECT state FROM promotion WHERE listing_id = $1 ORDER BY starts_at`, [listingId])).map((row: { state: string }) => row.state);

    const repost = () => request(stack.api.getHttpServer()).post(`/api/phone/${listingId}/promotions`).set('Cookie', seller.cookie).send({ product: 'channelRepost' }).expect(200);
    await repost();
    await eventually(async () => {
      const { posts } = (await stack.dataSource.query(`SELECT posts FROM listing WHERE id = $1`, [listingId]))[0];
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
    expect(stack.graph.callsTo('media_publish')).toHaveLength(2);
  });

  // Instagram's daily cap can keep a repost's jobs waiting for hours: the queue held here stands for it.
  it('posts nothing for a repost refunded while its jobs waited, though its listing is back on sale', async () => {
    const seller = await createSignedInUser(stack.api, { balance: 100_000 });
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', tarif: 0 });
    const promotionId = await boughtWhileJobsWait(seller, listingId, async () => {
      await listingAction(seller, listingId, 'off-sale');
      await settle();
      await listingAction(seller, listingId, 'on-sale');
    });

    await eventually(async () => expect(await completedJobsOf(promotionId)).toHaveLength(3));
    expect(channelCallsAbout(listingId)).toEqual([]);
    expect(await promotionsOf(seller, listingId)).toEqual([expect.objectContaining({ state: 'refunded', refunded: PROMOTION_DEFAULT_PRICES.channelRepost })]);
  });

  it('posts nothing for a repost refunded as stuck a day after it was bought, though its jobs still waited', async () => {
    const seller = await createSignedInUser(stack.api, { balance: 100_000 });
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', tarif: 0 });
    const promotionId = await boughtWhileJobsWait(seller, listingId, async (id) => {
      await stack.dataSource.query(`UPDATE promotion SET starts_at = now() - interval '25 hours' WHERE id = $1`, [id]);
      await settle();
    });

    await eventually(async () => expect(await completedJobsOf(promotionId)).toHaveLength(3));
    expect(channelCallsAbout(listingId)).toEqual([]);
    expect(await promotionsOf(seller, listingId)).toEqual([expect.objectContaining({ state: 'failed', refunded: PROMOTION_DEFAULT_PRICES.channelRepost })]);
  });

  it('refunds nothing for a repost a channel is posting when its listing leaves sale: the post makes it done', async () => {
    const seller = await createSignedInUser(stack.api, { balance: 100_000 });
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', tarif: 0 });
    // Each channel takes the post at once and answers it 3 s later: the settlement runs while a post is being made.
    stack.telegram.slowDown(/\/sendMediaGroup$/, 3_000);
    stack.graph.slowDown(/\/(media_publish|feed)$/, 3_000);
    const published = stack.graph.callsTo('media_publish').length;
    const postsBeingMade = () =>
      [...stack.telegram.callsOf('sendMediaGroup'), ...stack.graph.callsTo('feed')].filter((call) => JSON.stringify(call.body).includes(listingId)).length +
      stack.graph.callsTo('media_publish').length -
      published;
    try {
      await buyRepost(seller, listingId);
      await eventually(async () => expect(postsBeingMade()).toBeGreaterThan(0));
      await listingAction(seller, listingId, 'off-sale');
      await settle();

      await eventually(async () => expect(await promotionsOf(seller, listingId)).toEqual([expect.objectContaining({ state: 'done', refunded: 0 })]));
      await settle();
    } finally {
      stack.telegram.slowDown(/^$/, 0);
      stack.graph.slowDown(/^$/, 0);
    }
    expect(await promotionsOf(seller, listingId)).toEqual([expect.objectContaining({ state: 'done', refunded: 0 })]);
    expect(await balanceHistory(seller)).toEqual([expect.objectContaining({ kind: 'channelRepostCharge', amount: -PROMOTION_DEFAULT_PRICES.channelRepost })]);
  });

  it('keeps a repost that reached one channel as done, and refunds nothing when the others refused it', async () => {
    // Instagram's and Facebook's token revoked: Graph refuses every post with its code 190.
    stack.graph.failNext(/\/(media|photos|feed)$/, stack.graph.invalidToken(), Infinity);
    const seller = await createSignedInUser(stack.api, { balance: 100_000 });
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', tarif: 0 });
    const promotionId = await buyRepost(seller, listingId);

    await eventually(async () => {
      expect(await failedJobsOf(promotionId)).toHaveLength(2);
      expect(await promotionsOf(seller, listingId)).toEqual([expect.objectContaining({ state: 'done', refunded: 0 })]);
    });
    expect(await balanceHistory(seller)).toEqual([expect.objectContaining({ kind: 'channelRepostCharge', amount: -PROMOTION_DEFAULT_PRICES.channelRepost })]);
  });

  it('ends a repost that every channel refused as failed and refunds it once, however often its jobs run', async () => {
    // Graph still refuses (above), and the bot was removed from the channel: Telegram answers 403.
    stack.telegram.blockBot('@telefonbozor');
    const seller = await createSignedInUser(stack.api, { balance: 100_000 });
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', tarif: 0 });
    const promotionId = await buyRepost(seller, listingId);
    const price = PROMOTION_DEFAULT_PRICES.channelRepost;
    const refundedOnce = [expect.objectContaining({ kind: 'promotionRefund', amount: price }), expect.objectContaining({ kind: 'channelRepostCharge', amount: -price })];

    await eventually(async () => expect(await promotionsOf(seller, listingId)).toEqual([expect.objectContaining({ state: 'failed', refunded: price })]));
    expect(await balanceHistory(seller)).toEqual(refundedOnce);
    expect((await request(stack.api.getHttpServer()).get('/api/user').set('Cookie', seller.cookie).expect(200)).body.balance).toBe(100_000);

    // An admin retries the failed jobs from the dashboard: the repost was refunded, so they post nothing and refund nothing twice.
    const failed = await failedJobsOf(promotionId);
    expect(failed).toHaveLength(3);
    const calls = channelCallsAbout(listingId).length;
    await Promise.all(failed.map((job) => job.retry()));
    await eventually(async () => expect(await completedJobsOf(promotionId)).toHaveLength(3));
    expect(channelCallsAbout(listingId)).toHaveLength(calls);
    expect(await balanceHistory(seller)).toEqual(refundedOnce);
  });
});
