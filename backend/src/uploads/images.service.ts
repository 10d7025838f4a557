import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import { REUSED_PHOTO_MAX_DISTANCE, REUSED_PHOTO_MIN_DETAIL, type ImageRef } from '@market/contracts';
import { Image, type ImagePurpose } from './image.entity';
import { IMAGE_FORMATS, convertImage, flippedHashes, pictureHashes, type ImageInput, type ImageShape } from './image-processing';
import { ImageStorage } from './image-storage';

export interface StoreImageOptions {
  purpose: ImagePurpose;
  ownerId: string;
  shape: ImageShape;
  /** Whether something uses the image from the start (an avatar) or only later (a listing photo). */
  attached: boolean;
  /** Runs in the transaction that records the image, e.g. to make it the user's avatar. */
  onRecorded?: (transaction: EntityManager, image: Image) => Promise<void>;
  /** Smaller copies made from the stored picture (a listing photo's thumbnail); `variantKeys` keeps their order. */
  variants?: ImageShape[];
}

/**
 * A listing photo's perceptual hash (a signed 64-bit number, as text), those of the photo turned a
 * quarter to the left and of its crop windows (null until the photo is hashed for a check), and when it was uploaded.
 */
export interface PhotoHash {
  hash: string;
  turned: string | null;
  crops: string[] | null;
  /** The hashes of the photos it shows within it (a screenshot's, a chat's), compared as whole pictures. */
  panels: string[] | null;
  uploadedAt: Date;
}

/** What a backfill of copies did: copies made, and photos whose stored file could not be read. */
export interface CopiesMade {
  made: number;
  unreadable: number;
}

/** A listing photo near another one's hash, and how many bits they differ in. */
export interface SimilarPhoto {
  imageId: string;
  distance: number;
}

/** The storage key of an image's copy in `shape`, beside the image's own `<name>.webp`. */
function variantKey(name: string, shape: ImageShape): string {
  return `${name}-${shape.name ?? shape.size}.${IMAGE_FORMATS[shape.format ?? 'webp'].extension}`;
}

export function imageRef(image: Pick<Image, 'id' | 'location'>): ImageRef {
  return { _id: image.id, location: image.location };
}

/**
 * Images of every purpose: processed by sharp, written to the image storage, recorded in
 * `images`. A file whose row is not committed is deleted again; a deleted row's files are
 * deleted after the commit.
 */
@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ImageStorage,
  ) {}

  async store(upload: ImageInput, options: StoreImageOptions): Promise<Image> {
    const body = await convertImage(upload, options.shape, options.ownerId);
    const name = `${options.purpose}/${randomUUID()}`;
    const key = `${name}.webp`;
    // Variants are made from the upright, metadata-free picture: a small decode instead of the camera's original.
    const variants = await Promise.all(
      (options.variants ?? []).map(async (shape) => {
        const { contentType } = IMAGE_FORMATS[shape.format ?? 'webp'];
        return { key: variantKey(name, shape), body: await convertImage(body, shape, options.ownerId), contentType };
      }),
    );
    const variantKeys = variants.map((variant) => variant.key);
    try {
      await Promise.all(
        [{ key, body, contentType: IMAGE_FORMATS.webp.contentType }, ...variants].map((file) => this.storage.put(file.key, file.body, file.contentType)),
      );
    } catch (error) {
      await this.discardFiles({ key, variantKeys });
      throw error;
    }
    try {
      return await this.dataSource.transaction(async (transaction) => {
        const image = transaction.create(Image, {
          ownerId: options.ownerId,
          purpose: options.purpose,
          key,
          variantKeys,
          location: this.storage.locationOf(key),
          attached: options.attached,
        });
        await transaction.insert(Image, image);
        await options.onRecorded?.(transaction, image);
        return image;
      });
    } catch (error) {
      await this.discardFiles({ key, variantKeys });
      throw error;
    }
  }

  /** The picture `imageId` names (an account's avatar) as the API shows it; null for none. */
  async refOf(imageId: string | null): Promise<ImageRef | null> {
    const image = imageId ? await this.dataSource.getRepository(Image).findOne({ where: { id: imageId }, select: { id: true, location: true } }) : null;
    return image ? imageRef(image) : null;
  }

  /**
   * The public URLs of the images in the order of `imageIds`; an image gone meanwhile is left out.
   * `variant` picks that copy (its index in the shapes the image was stored with) where it exists.
   */
  async locationsOf(imageIds: readonly string[], variant?: number): Promise<string[]> {
    if (imageIds.length === 0) return [];
    const images = await this.dataSource
      .getRepository(Image)
      .find({ where: { id: In([...imageIds]) }, select: { id: true, location: true, variantKeys: true } });
    const locations = new Map(
      images.map((image) => {
        const variantKey = variant === undefined ? undefined : image.variantKeys[variant];
        return [image.id, variantKey ? this.storage.locationOf(variantKey) : image.location];
      }),
    );
    return imageIds.flatMap((id) => locations.get(id) ?? []);
  }

  /** The public URL of a stored key, e.g. of a variant. */
  locationOf(key: string): string {
    return this.storage.locationOf(key);
  }

  /** Deletes the row of an image `ownerId` owns for `purpose`; null when there is no such image. Call discardFiles after the commit. */
  async removeOwned(transaction: EntityManager, imageId: string, ownerId: string, purpose: ImagePurpose): Promise<Image | null> {
    const image = await transaction.findOneBy(Image, { id: imageId, ownerId, purpose });
    if (!image) return null;
    await transaction.delete(Image, image.id);
    return image;
  }

  async remove(transaction: EntityManager, imageId: string): Promise<Image | null> {
    const image = await transaction.findOneBy(Image, { id: imageId });
    if (image) await transaction.delete(Image, image.id);
    return image;
  }

  /**
   * Locks those of `imageIds` that one of `ownerIds` uploaded for `purpose` until the caller's
   * transaction ends; answers their ids. An image missing from the answer is someone else's or gone.
   */
  async lockOwned(transaction: EntityManager, imageIds: readonly string[], ownerIds: readonly string[], purpose: ImagePurpose): Promise<string[]> {
    if (imageIds.length === 0) return [];
    const rows: { id: string }[] = await transaction.query(
      `SELECT id FROM images WHERE id = ANY($1::uuid[]) AND owner_id = ANY($2::uuid[]) AND purpose = $3 FOR UPDATE`,
      [imageIds, ownerIds, purpose],
    );
    return rows.map((row) => row.id);
  }

  /** Marks uploaded images as used (a category or listing now shows them); answers how many matched. */
  async markAttached(transaction: EntityManager, imageIds: string[], purpose: ImagePurpose): Promise<number> {
    if (imageIds.length === 0) return 0;
    const result = await transaction.update(Image, { id: In(imageIds), purpose }, { attached: true });
    return result.affected ?? 0;
  }

  /** Marks images as no longer used (a listing dropped or deleted them): the clean-up removes them later. */
  async markDetached(transaction: EntityManager, imageIds: string[]): Promise<void> {
    if (imageIds.length) await transaction.update(Image, { id: In(imageIds) }, { attached: false });
  }

  /**
   * Deletes up to `limit` images nothing has used since before `olderThan` (uploads never
   * attached, photos of deleted or edited listings); answers how many. Rows are claimed with
   * SKIP LOCKED so two workers never delete the same image; files go after the commit.
   */
  async removeUnattached(olderThan: Date, limit: number): Promise<number> {
    const removed = await this.dataSource.transaction(async (transaction) => {
      const images = await transaction
        .getRepository(Image)
        .createQueryBuilder('image')
        .where('NOT image.attached AND image.created_at < :olderThan', { olderThan })
        .orderBy('image.created_at')
        .limit(limit)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (images.length) await transaction.delete(Image, images.map((image) => image.id));
      return images;
    });
    for (const image of removed) await this.discardFiles(image);
    return removed.length;
  }

  /**
   * Gives up to `limit` listing photos without a perceptual hash, or with a stale one (made by an
   * earlier reading, migration FramedPhotoHashes), theirs (only those of `imageIds` when given: the
   * photos about to be checked, which also want the hashes of their quarter turn, crop windows and the photos within
   * them, migrations TurnedPhotoHashes, CroppedPhotoHashes and PhotoPanelHashes, written together), newest first: fresh uploads before the backfill of
   * older photos. Each is read from its copy `variant` where there is one; answers how many were hashed. Hashing again gives the same value
   * and a hash is written once, so two workers may run this side by side. A photo whose file
   * cannot be read keeps what it had (no check finds one without a hash).
   */
  async hashListingPhotos(limit: number, variant?: number, imageIds?: string[]): Promise<number> {
    const images: { id: string; key: string; variant_keys: string[] }[] = await this.dataSource.query(
      `SELECT id, key, variant_keys FROM images
        WHERE purpose = 'listing' AND (phash IS NULL OR phash_stale OR ($2::uuid[] IS NOT NULL AND (phash_turned IS NULL OR phash_panels IS NULL)))
          AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
        ORDER BY created_at DESC LIMIT $1`,
      [limit, imageIds ?? null],
    );
    let hashed = 0;
    for (const image of images) {
      const key = (variant === undefined ? undefined : image.variant_keys[variant]) ?? image.key;
      try {
        // Only a photo about to be checked is compared by its quarter turn, crop windows and photos within: the backfill makes none.
        const { hash, centre, turned, crops, panels } = await pictureHashes(await this.storage.read(key), { checked: imageIds !== undefined });
        await this.dataSource.query(
          `UPDATE images SET phash = $2, phash_centre = $3, phash_turned = coalesce($4, phash_turned), phash_crops = coalesce($5, phash_crops),
             phash_panels = coalesce($6, phash_panels), phash_stale = false
            WHERE id = $1 AND (phash IS NULL OR phash_stale OR phash_turned IS NULL OR phash_panels IS NULL)`,
          [image.id, hash.toString(), centre.toString(), turned?.toString() ?? null, crops?.map(String) ?? null, panels?.map(String) ?? null],
        );
        hashed++;
      } catch (error) {
        this.logger.warn(`Could not hash image ${image.id}: ${(error as Error).message}`);
      }
    }
    return hashed;
  }

  /**
   * Makes the copy `variant` in `shape` of up to `limit` listing photos after `afterId` (in id order) whose
   * copy is missing or was made another way (its key is not the shape's): photos stored before the shape
   * existed or changed. The copy is made from the stored picture, its key written into `variant_keys`, the
   * copy it replaces deleted after. Answers the last photo looked at (null when none is left), how many
   * copies were made and how many photos could not be read; a photo already done is not selected again,
   * so a second run makes none twice.
   */
  async remakeListingPhotoCopies(variant: number, shape: ImageShape, afterId: string | null, limit: number): Promise<CopiesMade & { lastId: string | null }> {
    const photos: { id: string; key: string; variant_keys: string[] }[] = await this.dataSource.query(
      `SELECT id, key, variant_keys FROM images
        WHERE purpose = 'listing' AND ($1::uuid IS NULL OR id > $1) AND cardinality(variant_keys) >= $2
          AND variant_keys[$2::int + 1] IS DISTINCT FROM regexp_replace(key, '\\.webp$', '') || $3
        ORDER BY id LIMIT $4`,
      [afterId, variant, variantKey('', shape), limit],
    );
    let made = 0;
    let unreadable = 0;
    for (const photo of photos) {
      const key = variantKey(photo.key.replace(/\.webp$/, ''), shape);
      const replaced = photo.variant_keys[variant] ?? null;
      try {
        await this.storage.put(key, await convertImage(await this.storage.read(photo.key), shape), IMAGE_FORMATS[shape.format ?? 'webp'].contentType);
      } catch {
        // A file gone from the storage (or never there: the bench's and tests' made-up photos); counted, not logged one by one.
        unreadable++;
        continue;
      }
      // Written only over the copy read above: a photo deleted or changed meanwhile keeps its own.
      const [, updated] = await this.dataSource.query(
        `UPDATE images SET variant_keys[$2::int + 1] = $3 WHERE id = $1 AND variant_keys[$2::int + 1] IS NOT DISTINCT FROM $4`,
        [photo.id, variant, key, replaced],
      );
      if (updated === 0) {
        await this.discardFiles({ key, variantKeys: [] });
        continue;
      }
      if (replaced && replaced !== key) await this.discardFiles({ key: replaced, variantKeys: [] });
      made++;
    }
    return { lastId: photos.at(-1)?.id ?? null, made, unreadable };
  }

  /**
   * The hashes of those of `imageIds` that have one with detail enough to compare, in the order of
   * `imageIds`: at least REUSED_PHOTO_MIN_DETAIL of its bits set and as many clear (a nearly flat
   * picture is near every other flat one), with the photos within it that have as much (not an app's bar).
   */
  async comparableHashes(database: Pick<EntityManager, 'query'>, imageIds: readonly string[]): Promise<PhotoHash[]> {
    if (imageIds.length === 0) return [];
    const rows: { phash: string; phash_turned: string | null; phash_crops: string[] | null; phash_panels: string[] | null; created_at: Date }[] = await database.query(
      `SELECT i.phash, i.phash_turned, i.phash_crops, i.created_at,
              ARRAY(SELECT panel FROM unnest(i.phash_panels) AS panel WHERE bit_count(panel::bit(64)) BETWEEN $2 AND 64 - $2) AS phash_panels
         FROM unnest($1::uuid[]) WITH ORDINALITY AS photo (id, place) JOIN images i ON i.id = photo.id
        WHERE bit_count(i.phash::bit(64)) BETWEEN $2 AND 64 - $2
        ORDER BY photo.place`,
      [imageIds, REUSED_PHOTO_MIN_DETAIL],
    );
    return rows.map((row) => ({ hash: row.phash, turned: row.phash_turned, crops: row.phash_crops, panels: row.phash_panels, uploadedAt: row.created_at }));
  }

  /**
   * The listing photos uploaded before `photo` within REUSED_PHOTO_MAX_DISTANCE bits of its hash, or whose centre
   * is that near one of its crop windows: what it may be a copy of, or a copy cropped by up to a tenth a side. Two
   * hashes that close differ in at most one bit in one of their four 16-bit bands, so the indexed bands (migrations
   * PhotoHashes, CroppedPhotoHashes) give the candidates. The 24 windows look their bands up as they are, not
   * within a bit (17 times fewer rows: 213 ms a photo at a million otherwise): a centre within 3 bits is found
   * for certain, one 4 to 6 bits away when those bits fall in fewer than four bands (most often).
   */
  async similarListingPhotos(database: Pick<EntityManager, 'query'>, photo: PhotoHash): Promise<SimilarPhoto[]> {
    // A copy may be mirrored, upside down or turned: its hash is then near one of these, read from the photo's two.
    // A photo shown within it (a screenshot of another listing) is compared as it is.
    const hashes = [
      ...[photo.hash, ...(photo.turned === null ? [] : [photo.turned])].flatMap((hash) => flippedHashes(BigInt(hash))),
      ...(photo.panels ?? []).map(BigInt),
    ];
    const crops = (photo.crops ?? []).map(BigInt);
    const bands = (column: string, first: number) => BAND_SHIFTS.map((shift, band) => `((${column} >> ${shift}) & 65535) = ANY($${first + band}::bigint[])`).join(' OR ');
    // Written out, one term a hash: an aggregate over the array for each candidate cost a third of the look-up.
    // An empty array still gets a term: its first element is null, which least() passes over.
    const nearest = (column: string, array: number, count: number) =>
      `least(${Array.from({ length: Math.max(count, 1) }, (_, place) => `bit_count((${column} # ($${array}::bigint[])[${place + 1}])::bit(64))`).join(', ')})`;
    return database.query(
      `SELECT id AS "imageId", distance
         FROM images, LATERAL (SELECT least(${nearest('phash', 3, hashes.length)}, ${nearest('phash_centre', 4, crops.length)})::int AS distance) nearest
        WHERE purpose = 'listing' AND phash IS NOT NULL AND created_at < $2
          AND (${bands('phash', 5)} OR ${bands('phash_centre', 9)})
          AND distance <= $1`,
      [
        REUSED_PHOTO_MAX_DISTANCE,
        photo.uploadedAt,
        hashes.map(String),
        crops.map(String),
        ...BAND_SHIFTS.map((shift) => hashes.flatMap((hash) => bandsWithinOneBit(hash, shift))),
        ...BAND_SHIFTS.map((shift) => crops.map((hash) => String(bandOf(hash, shift)))),
      ],
    );
  }

  /** Best effort: a file left behind wastes space, it must not fail the user's action. */
  async discardFiles(image: Pick<Image, 'key' | 'variantKeys'>): Promise<void> {
    for (const key of [image.key, ...image.variantKeys]) {
      await this.storage.delete(key).catch((error: Error) => this.logger.warn(`Could not delete image file ${key}: ${error.message}`));
    }
  }
}

const BAND_SHIFTS = [0, 16, 32, 48];

/** The 16-bit band of `hash` at `shift`. */
function bandOf(hash: bigint, shift: number): number {
  return Number((BigInt.asUintN(64, hash) >> BigInt(shift)) & 0xffffn);
}

/** The 16-bit band of `hash` at `shift` and the 16 values one bit away from it. */
function bandsWithinOneBit(hash: bigint, shift: number): string[] {
  const band = bandOf(hash, shift);
  return [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))].map(String);
}
