import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import type { Image } from '../../backend/src/uploads/image.entity';
import { PhotoCleanupScheduler } from '../src/photo-cleanup/photo-cleanup.scheduler';
import { startPhotoStore, type PhotoStore } from './photo-store.support';

/** A database of its own: the clean-up removes every old unused image of the table. */
describe('the clean-up of unused photos', () => {
  let store: PhotoStore;
  let cleanup: PhotoCleanupScheduler;

  /** A stored listing photo (large and thumbnail files), uploaded `hoursAgo`. */
  async function photo(hoursAgo: number, attached: boolean): Promise<Image> {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const image = await store.images.store(jpeg, { purpose: 'listing', ownerId: store.ownerId, shape: { size: 1600 }, variants: [{ size: 400 }], attached });
    await store.dataSource.query(`UPDATE images SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [image.id, hoursAgo]);
    return image;
  }
  const rowExists = async (image: Image) => (await store.dataSource.query(`SELECT 1 FROM images WHERE id = $1`, [image.id])).length === 1;

  beforeAll(async () => {
    store = await startPhotoStore('cleanup');
    cleanup = new PhotoCleanupScheduler(store.images);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await store.close();
  });

  it('removes photos nothing used for 24 hours, rows and files, and nothing else, once however often it runs', async () => {
    const abandoned = await photo(25, false);
    const fresh = await photo(23, false);
    const shown = await photo(72, true);
    expect(store.filesOf(abandoned)).toEqual([true, true]);

    expect(await cleanup.removeUnused()).toBe(1);
    expect(await rowExists(abandoned)).toBe(false);
    expect(store.filesOf(abandoned)).toEqual([false, false]);
    expect(await rowExists(fresh)).toBe(true);
    expect(store.filesOf(fresh)).toEqual([true, true]);
    expect(await rowExists(shown)).toBe(true);

    expect(await cleanup.removeUnused()).toBe(0);
  });

  it('removes a photo a listing let go of (edited away or deleted) at the next run', async () => {
    const letGo = await photo(48, true);
    await store.dataSource.transaction((transaction) => store.images.markDetached(transaction, [letGo.id]));
    expect(await cleanup.removeUnused()).toBe(1);
    expect(store.filesOf(letGo)).toEqual([false, false]);
  });

  it('goes through more than one batch', async () => {
    await store.dataSource.query(
      `INSERT INTO images (owner_id, purpose, key, location, created_at)
       SELECT $1, 'listing', 'listing/missing-' || n || '.webp', 'http://localhost/x', now() - interval '2 days'
         FROM generate_series(1, 450) n`,
      [store.ownerId],
    );
    expect(await cleanup.removeUnused()).toBe(450);
  });
});
