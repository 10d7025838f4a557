import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { ChannelPostingService, ImagesService, OutboxService } from '@market/backend';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { CHANNEL_VARIANT, LISTING_PHOTO_SHAPE, LISTING_PHOTO_VARIANTS, LISTING_SCREEN_SHAPE, LISTING_THUMBNAIL_SHAPE } from '../../backend/src/listings/listing-photo-shapes';
import { Image } from '../../backend/src/uploads/image.entity';
import { LocalDiskImageStorage } from '../../backend/src/uploads/image-storage';
import { testConfig } from '../../test/support/config';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';

/** A database of its own: the backfill reads every listing photo of the table. */
describe("the one-off backfill of the channel's JPEG copies", () => {
  const databaseName = `market_test_channel_copies_${uniqueRunId()}`;
  let dataSource: DataSource;
  let storage: LocalDiskImageStorage;
  let images: ImagesService;
  let posting: ChannelPostingService;
  let ownerId: string;

  /** A portrait phone photo (3:4) stored with the copies uploads made then. */
  async function photo(variants: Array<{ size: number; format?: 'jpeg' }>): Promise<Image> {
    const portrait = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#20242c' } }).jpeg().toBuffer();
    return images.store(portrait, { purpose: 'listing', ownerId, shape: LISTING_PHOTO_SHAPE, variants, attached: true });
  }
  const channelCopyOf = async (image: Image) => (await images.locationsOf([image.id], CHANNEL_VARIANT))[0];
  const fileExists = (key: string) => existsSync(join(storage.directory, key));

  beforeAll(async () => {
    const config = testConfig({ DATABASE_URL: await createTestDatabase(databaseName) });
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [Image] }).initialize();
    [{ id: ownerId }] = await dataSource.query(`INSERT INTO users (phone_number) VALUES ('998770000003') RETURNING id`);
    storage = new LocalDiskImageStorage(mkdtempSync(join(tmpdir(), 'channel-copies-')), 'http://localhost:3000');
    images = new ImagesService(dataSource, storage);
    posting = new ChannelPostingService(dataSource, new OutboxService(dataSource), images);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await dropTestDatabase(databaseName);
  });

  it('gives photos stored without a JPEG copy, or with one in the photo\'s own ratio, a 4:5 copy, once however often it runs', async () => {
    const withoutCopy = await photo([LISTING_THUMBNAIL_SHAPE, LISTING_SCREEN_SHAPE]);
    const unpadded = await photo([LISTING_THUMBNAIL_SHAPE, LISTING_SCREEN_SHAPE, { size: 1440, format: 'jpeg' }]);
    const current = await photo(LISTING_PHOTO_VARIANTS);
    const currentCopy = await channelCopyOf(current);
    // A row whose files are gone from the storage is passed over.
    await dataSource.query(`INSERT INTO images (owner_id, purpose, key, variant_keys, location, attached) VALUES ($1, 'listing', 'listings/gone.webp', '{listings/gone-400.webp,listings/gone-800.webp}', 'x', true)`, [ownerId]);
    expect(await channelCopyOf(withoutCopy)).toBe(withoutCopy.location);
    expect(fileExists(unpadded.variantKeys[CHANNEL_VARIANT])).toBe(true);

    expect(await posting.makeMissingChannelCopies()).toEqual({ made: 2, unreadable: 1 });
    expect(await posting.makeMissingChannelCopies()).toEqual({ made: 0, unreadable: 1 });

    for (const image of [withoutCopy, unpadded]) {
      const [row] = await dataSource.query(`SELECT variant_keys FROM images WHERE id = $1`, [image.id]);
      const copyKey: string = row.variant_keys[CHANNEL_VARIANT];
      expect(copyKey).toBe(image.key.replace('.webp', '-channel.jpg'));
      expect(await channelCopyOf(image)).toBe(storage.locationOf(copyKey));
      const shape = await sharp(join(storage.directory, copyKey)).metadata();
      expect([shape.format, shape.width, shape.height]).toEqual(['jpeg', 1152, 1440]);
    }
    // The copy in the photo's own ratio is deleted; a photo stored with the padded copy is left as it was.
    expect(fileExists(unpadded.variantKeys[CHANNEL_VARIANT])).toBe(false);
    expect(await channelCopyOf(current)).toBe(currentCopy);
  });
});
