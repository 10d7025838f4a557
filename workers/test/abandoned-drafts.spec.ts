import { Logger } from '@nestjs/common';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { AbandonedDraftsService, ImagesService } from '@market/backend';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { ListingEntity, ListingImageEntity } from '../../backend/src/listings/listing.entity';
import { Image } from '../../backend/src/uploads/image.entity';
import { LocalDiskImageStorage } from '../../backend/src/uploads/image-storage';
import { testConfig } from '../../test/support/config';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { AbandonedDraftsProcessor } from '../src/drafts/abandoned-drafts.processor';

/** A database of its own: the job removes every abandoned draft of the table. */
describe('the removal of abandoned drafts', () => {
  const databaseName = `market_test_drafts_${uniqueRunId()}`;
  let dataSource: DataSource;
  let storage: LocalDiskImageStorage;
  let images: ImagesService;
  let job: AbandonedDraftsProcessor;
  let sellerId: string;

  /** A draft last saved `daysAgo`, showing `photos` stored photos. */
  async function draft(daysAgo: number, photos: number): Promise<{ id: string; photos: Image[] }> {
    const [{ id }] = await dataSource.query(
      `INSERT INTO listing (author_id, status, step, updated_at, created_at)
       VALUES ($1, 'draft', 3, now() - make_interval(days => $2), now() - make_interval(days => $2)) RETURNING id`,
      [sellerId, daysAgo],
    );
    const stored: Image[] = [];
    for (let position = 0; position < photos; position++) {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const image = await images.store(jpeg, { purpose: 'listing', ownerId: sellerId, shape: { size: 1600 }, variants: [{ size: 400 }], attached: true });
      await dataSource.query(`INSERT INTO listing_image (listing_id, position, image_id) VALUES ($1, $2, $3)`, [id, position, image.id]);
      stored.push(image);
    }
    return { id, photos: stored };
  }
  const filesOf = (image: Image) => [image.key, ...image.variantKeys].map((key) => existsSync(join(storage.directory, key)));
  const photoRows = async (found: Image[]) =>
    Number((await dataSource.query(`SELECT count(*) FROM images WHERE id = ANY($1::uuid[])`, [found.map((image) => image.id)]))[0].count);
  const isDeleted = async (id: string) => (await dataSource.query(`SELECT deleted_at FROM listing WHERE id = $1`, [id]))[0].deleted_at !== null;

  beforeAll(async () => {
    const config = testConfig({ DATABASE_URL: await createTestDatabase(databaseName) });
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [Image, ListingEntity, ListingImageEntity] }).initialize();
    [{ id: sellerId }] = await dataSource.query(`INSERT INTO users (phone_number) VALUES ('998770000003') RETURNING id`);
    storage = new LocalDiskImageStorage(mkdtempSync(join(tmpdir(), 'drafts-storage-')), 'http://localhost:3000');
    images = new ImagesService(dataSource, storage);
    job = new AbandonedDraftsProcessor(new AbandonedDraftsService(dataSource, images));
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await dataSource.destroy();
    await dropTestDatabase(databaseName);
  });

  it('removes drafts untouched for 30 days with their photos, rows and files, and nothing else, once however often it runs', async () => {
    const abandoned = await draft(31, 2);
    const recent = await draft(29, 1);
    expect(abandoned.photos.map(filesOf)).toEqual([
      [true, true],
      [true, true],
    ]);

    expect(await job.removeAbandoned()).toBe(1);
    expect(await isDeleted(abandoned.id)).toBe(true);
    expect(await photoRows(abandoned.photos)).toBe(0);
    expect(abandoned.photos.map(filesOf)).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(await isDeleted(recent.id)).toBe(false);
    expect(await photoRows(recent.photos)).toBe(1);
    expect(recent.photos.map(filesOf)).toEqual([[true, true]]);

    expect(await job.removeAbandoned()).toBe(0);
  });

  it('goes through more than one batch', async () => {
    await dataSource.query(
      `INSERT INTO listing (author_id, status, step, updated_at) SELECT $1, 'draft', 0, now() - interval '40 days' FROM generate_series(1, 250)`,
      [sellerId],
    );
    expect(await job.removeAbandoned()).toBe(250);
    expect(await job.removeAbandoned()).toBe(0);
  });
});
