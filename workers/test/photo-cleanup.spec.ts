import { Logger } from '@nestjs/common';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { ImagesService } from '@market/backend';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { Image } from '../../backend/src/uploads/image.entity';
import { LocalDiskImageStorage } from '../../backend/src/uploads/image-storage';
import { testConfig } from '../../test/support/config';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { PhotoCleanupScheduler } from '../src/photo-cleanup/photo-cleanup.scheduler';

/** A database of its own: the clean-up removes every old unused image of the table. */
describe('the clean-up of unused photos', () => {
  const databaseName = `market_test_cleanup_${uniqueRunId()}`;
  let dataSource: DataSource;
  let storage: LocalDiskImageStorage;
  let images: ImagesService;
  let cleanup: PhotoCleanupScheduler;
  let ownerId: string;

  /** A stored listing photo (large and thumbnail files), uploaded `hoursAgo`. */
  async function photo(hoursAgo: number, attached: boolean): Promise<Image> {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const image = await images.store(jpeg, { purpose: 'listing', ownerId, shape: { size: 1600 }, variants: [{ size: 400 }], attached });
    await dataSource.query(`UPDATE images SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [image.id, hoursAgo]);
    return image;
  }
  const filesOf = (image: Image) => [image.key, ...image.variantKeys].map((key) => existsSync(join(storage.directory, key)));
  const rowExists = async (image: Image) => (await dataSource.query(`SELECT 1 FROM images WHERE id = $1`, [image.id])).length === 1;

  beforeAll(async () => {
    const config = testConfig({ DATABASE_URL: await createTestDatabase(databaseName) });
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [Image] }).initialize();
    [{ id: ownerId }] = await dataSource.query(`INSERT INTO users (phone_number) VALUES ('998770000002') RETURNING id`);
    storage = new LocalDiskImageStorage(mkdtempSync(join(tmpdir(), 'cleanup-storage-')), 'http://localhost:3000');
    images = new ImagesService(dataSource, storage);
    cleanup = new PhotoCleanupScheduler(images);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await dataSource.destroy();
    await dropTestDatabase(databaseName);
  });

  it('removes photos nothing used for 24 hours, rows and files, and nothing else, once however often it runs', async () => {
    const abandoned = await photo(25, false);
    const fresh = await photo(23, false);
    const shown = await photo(72, true);
    expect(filesOf(abandoned)).toEqual([true, true]);

    expect(await cleanup.removeUnused()).toBe(1);
    expect(await rowExists(abandoned)).toBe(false);
    expect(filesOf(abandoned)).toEqual([false, false]);
    expect(await rowExists(fresh)).toBe(true);
    expect(filesOf(fresh)).toEqual([true, true]);
    expect(await rowExists(shown)).toBe(true);

    expect(await cleanup.removeUnused()).toBe(0);
  });

  it('removes a photo a listing let go of (edited away or deleted) at the next run', async () => {
    const letGo = await photo(48, true);
    await dataSource.transaction((transaction) => images.markDetached(transaction, [letGo.id]));
    expect(await cleanup.removeUnused()).toBe(1);
    expect(filesOf(letGo)).toEqual([false, false]);
  });

  it('goes through more than one batch', async () => {
    await dataSource.query(
      `INSERT INTO images (owner_id, purpose, key, location, created_at)
       SELECT $1, 'listing', 'listing/missing-' || n || '.webp', 'http://localhost/x', now() - interval '2 days'
         FROM generate_series(1, 450) n`,
      [ownerId],
    );
    expect(await cleanup.removeUnused()).toBe(450);
  });
});
