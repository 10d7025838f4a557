import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SOCIAL_CHANNELS, type EventName } from '@market/contracts';
import { insertListing } from '../../../test/support/listings';
import { createSignedInUser } from '../../../test/support/users';
import type { SessionUser } from '../auth/auth.decorators';
import { listingsApp } from '../../test/listings-support';
import { ModerationService } from './moderation.service';

/** The service beside its rules: what an admin's approve, post and reject do to a listing and which events they record (real PostgreSQL). */
describe('ModerationService', () => {
  let app: INestApplication;
  let database: DataSource;
  let moderation: ModerationService;
  let admin: SessionUser;
  let sellerId: string;

  const listing = async (id: string) => {
    const [row] = await database.query(`SELECT status, rejection_reason, approved_by, posts FROM listing WHERE id = $1`, [id]);
    return row as { status: string; rejection_reason: string | null; approved_by: string | null; posts: Record<string, { state: string }> };
  };
  const eventsOf = async (id: string): Promise<EventName[]> =>
    (await database.query(`SELECT name FROM outbox_event WHERE payload->>'listingId' = $1 ORDER BY created_at`, [id])).map(
      (row: { name: EventName }) => row.name,
    );

  beforeAll(async () => {
    app = await listingsApp();
    database = app.get(DataSource);
    moderation = app.get(ModerationService);
    admin = { id: (await createSignedInUser(app, { role: 'admin' })).id, role: 'admin' };
    sellerId = (await createSignedInUser(app)).id;
  });
  afterAll(() => app.close());

  it('approves a waiting listing of the free tariff: on sale, approved by the admin, posted nowhere', async () => {
    const id = await insertListing(database, { authorId: sellerId, status: 'waiting', tarif: 0 });
    expect(await moderation.confirm({ id }, admin)).toEqual({ status: 'active', posts: {} });
    expect(await listing(id)).toMatchObject({ status: 'active', approved_by: admin.id });
    expect(await eventsOf(id)).toEqual(['listing.approved']);
  });

  it("approves a promoted listing and queues it on every channel of its tariff in the same transaction", async () => {
    const id = await insertListing(database, { authorId: sellerId, status: 'waiting', tarif: 1 });
    const { posts } = await moderation.confirm({ id }, admin);
    expect(Object.keys(posts).sort()).toEqual([...SOCIAL_CHANNELS].sort());
    expect(Object.values(posts).every((post) => post.state === 'queued' && !post.posted)).toBe(true);
    expect(await eventsOf(id)).toEqual(['listing.approved', 'listing.publish-requested']);
  });

  it('refuses to post a listing on a channel its tariff does not include, changing nothing', async () => {
    const id = await insertListing(database, { authorId: sellerId, status: 'waiting', tarif: 0 });
    await expect(moderation.confirm({ id, channel: SOCIAL_CHANNELS[0] }, admin)).rejects.toMatchObject({
      fields: { channel: 'invalidValue' },
    });
    expect(await listing(id)).toMatchObject({ status: 'waiting', approved_by: null });
    expect(await eventsOf(id)).toEqual([]);
  });

  it("refuses a draft: only a listing its seller finished reaches a moderator's decision", async () => {
    const id = await insertListing(database, { authorId: sellerId, status: 'draft' });
    await expect(moderation.confirm({ id }, admin)).rejects.toMatchObject({ messageKey: 'listingIncomplete' });
    await expect(moderation.reject({ id, reason: 'duplicate' })).rejects.toMatchObject({ messageKey: 'listingIncomplete' });
    expect(await eventsOf(id)).toEqual([]);
  });

  it("rejects with a fixed reason stored as its code, or with the admin's own words, and tells the seller", async () => {
    const fixed = await insertListing(database, { authorId: sellerId, status: 'waiting' });
    expect(await moderation.reject({ id: fixed, reason: 'poorPhotos' })).toMatchObject({ status: 'cancelled' });
    expect(await listing(fixed)).toMatchObject({ status: 'cancelled', rejection_reason: 'poorPhotos' });
    expect(await eventsOf(fixed)).toEqual(['listing.rejected']);

    const own = await insertListing(database, { authorId: sellerId, status: 'active' });
    await moderation.reject({ id: own, reason: 'other', text: 'Narxi noto‘g‘ri' });
    expect(await listing(own)).toMatchObject({ status: 'cancelled', rejection_reason: 'Narxi noto‘g‘ri' });
  });

  it('answers 404 for a listing that does not exist', async () => {
    await expect(moderation.reject({ id: '00000000-0000-4000-8000-000000000000', reason: 'duplicate' })).rejects.toMatchObject({
      messageKey: 'listingNotFound',
    });
  });
});
