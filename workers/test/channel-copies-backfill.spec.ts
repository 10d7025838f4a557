import { join } from 'node:path';
import sharp from 'sharp';
import { ChannelPostingService, OutboxService } from '@market/backend';
import { CHANNEL_VARIANT, LISTING_PHOTO_SHAPE, LISTING_PHOTO_VARIANTS, LISTING_SCREEN_SHAPE, LISTING_THUMBNAIL_SHAPE } from '../../backend/src/listings/listing-photo-shapes';
import type { Image } from '../../backend/src/uploads/image.entity';
import { startPhotoStore, type PhotoStore } from './photo-store.support';

/** A database of its own: the backfill reads every listing photo of the table. */
describe("the one-off backfill of the channel's JPEG copies", () => {
  let store: PhotoStore;
  let posting: ChannelPostingService;

  /** A portrait phone photo (3:4) stored with the copies uploads made then. */
  async function photo(variants: Array<{ size: number; format?: 'jpeg' }>): Promise<Image> {
    const portrait = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#20242c' } }).jpeg().toBuffer();
    return store.images.store(portrait, { purpose: 'listing', ownerId: store.ownerId, shape: LISTING_PHOTO_SHAPE, variants, attached: true });
  }
  const channelCopyOf = async (image: Image) => (await store.images.locationsOf([image.id], CHANNEL_VARIANT))[0];

  beforeAll(async () => {
    store = await startPhotoStore('channel_copies');
    posting = new ChannelPostingService(store.dataSource, new OutboxService(store.dataSource), store.images);
  });
  afterAll(() => store.close());

  it('gives photos stored without a JPEG copy, or with one in the photo\'s own ratio, a 4:5 copy, once however often it runs', async () => {
    const withoutCopy = await photo([LISTING_THUMBNAIL_SHAPE, LISTING_SCREEN_SHAPE]);
    const unpadded = await photo([LISTING_THUMBNAIL_SHAPE, LISTING_SCREEN_SHAPE, { size: 1440, format: 'jpeg' }]);
    const current = await photo(LISTING_PHOTO_VARIANTS);
    const currentCopy = await channelCopyOf(current);
    // A row whose files are gone from the storage is passed over.
    await store.dataSource.query(`INSERT INTO images (owner_id, purpose, key, variant_keys, location, attached) VALUES ($1, 'listing', 'listings/gone.webp', '{listings/gone-400.webp,listings/gone-800.webp}', 'x', true)`, [store.ownerId]);
    expect(await channelCopyOf(withoutCopy)).toBe(withoutCopy.location);
    expect(store.hasFile(unpadded.variantKeys[CHANNEL_VARIANT])).toBe(true);

    expect(await posting.makeMissingChannelCopies()).toEqual({ made: 2, unreadable: 1 });
    expect(await posting.makeMissingChannelCopies()).toEqual({ made: 0, unreadable: 1 });

    for (const image of [withoutCopy, unpadded]) {
      const [row] = await store.dataSource.query(`SELECT variant_keys FROM images WHERE id = $1`, [image.id]);
      const copyKey: string = row.variant_keys[CHANNEL_VARIANT];
      expect(copyKey).toBe(image.key.replace('.webp', '-channel.jpg'));
      expect(await channelCopyOf(image)).toBe(store.storage.locationOf(copyKey));
      const shape = await sharp(join(store.storage.directory, copyKey)).metadata();
      expect([shape.format, shape.width, shape.height]).toEqual(['jpeg', 1152, 1440]);
    }
    // The copy in the photo's own ratio is deleted; a photo stored with the padded copy is left as it was.
    expect(store.hasFile(unpadded.variantKeys[CHANNEL_VARIANT])).toBe(false);
    expect(await channelCopyOf(current)).toBe(currentCopy);
  });
});
