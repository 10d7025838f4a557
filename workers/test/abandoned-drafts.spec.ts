import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { AbandonedDraftsService } from '@market/backend';
import { ListingEntity, ListingImageEntity } from '../../backend/src/listings/listing.entity';
import type { Image } from '../../backend/src/uploads/image.entity';
import { AbandonedDraftsProcessor } from '../src/drafts/abandoned-drafts.processor';
import { startPhotoStore, type PhotoStore } from './photo-store.support';

/** A database of its own: the job removes every abandoned draft of the table. */
describe('the removal of abandoned drafts', () => {
  let store: PhotoStore;
  let job: AbandonedDraftsProcessor;

  /** A draft last saved `daysAgo`, showing `photos` stored photos. */
  async function draft(daysAgo: number, photos: number): Promise<{ id: string; photos: Image[] }> {
    const [{ id }] = await store.dataSource.query(
      `INSERT INTO listing (author_id, status, step, updated_at, created_at)
       VALUES ($1, 'draft', 3, now() - make_interval(days => $2), now() - make_interval(days => $2)) RETURNING id`,
      [store.ownerId, daysAgo],
    );
    const stored: Image[] = [];
    for (let position = 0; position < photos; position++) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const image = await store.images.store(jpeg, { purpose: 'listing', ownerId: store.ownerId, shape: { size: 1600 }, variants: [{ size: 400 }], attached: true });
      await store.dataSource.query(`INSERT INTO listing_image (listing_id, position, image_id) VALUES ($1, $2, $3)`, [id, position, image.id]);
      stored.push(image);
    }
    return { id, photos: stored };
  }
  const photoRows = async (found: Image[]) =>
    Number((await store.dataSource.query(`SELECT count(*) FROM images WHERE id = ANY($1::uuid[])`, [found.map((image) => image.id)]))[0].count);
  const isDeleted = async (id: string) => (await store.dataSource.query(`SELECT deleted_at FROM listing WHERE id = $1`, [id]))[0].deleted_at !== null;

  beforeAll(async () => {
    store = await startPhotoStore('drafts', [ListingEntity, ListingImageEntity]);
    job = new AbandonedDraftsProcessor(new AbandonedDraftsService(store.dataSource, store.images));
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await store.close();
  });

  it('removes drafts untouched for 30 days with their photos, rows and files, and nothing else, once however often it runs', async () => {
    const abandoned = await draft(31, 2);
    const recent = await draft(29, 1);
    expect(abandoned.photos.map(store.filesOf)).toEqual([
      [true, true],
      [true, true],
    ]);

    expect(await job.removeAbandoned()).toBe(1);
    expect(await isDeleted(abandoned.id)).toBe(true);
    expect(await photoRows(abandoned.photos)).toBe(0);
    expect(abandoned.photos.map(store.filesOf)).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(await isDeleted(recent.id)).toBe(false);
    expect(await photoRows(recent.photos)).toBe(1);
    expect(recent.photos.map(store.filesOf)).toEqual([[true, true]]);

    expect(await job.removeAbandoned()).toBe(0);
  });

  it('goes through more than one batch', async () => {
    await store.dataSource.query(
      `INSERT INTO listing (author_id, status, step, updated_at) SELECT $1, 'draft', 0, now() - interval '40 days' FROM generate_series(1, 250)`,
      [store.ownerId],
    );
    expect(await job.removeAbandoned()).toBe(250);
    expect(await job.removeAbandoned()).toBe(0);
  });
});
