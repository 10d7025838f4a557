import {
  SOCIAL_CHANNELS,
  type ConditionGrade,
  type Currency,
  type ListingCard,
  type ListingImage,
  type ListingPhoto,
  type ListingPosts,
  type ListingStatus,
  type SellerChannelPosts,
} from '@market/contracts';
import { joinImage, storedImageColumns, type StoredImage } from '../uploads/image-reads';
import type { StoredChannelPost } from './listing.entity';
import { LISTING_PHOTO_SHAPE, LISTING_SCREEN_SHAPE, SCREEN_VARIANT, THUMBNAIL_VARIANT } from './listing-photo-shapes';

/** Turns storage keys into URLs (ImagesService.locationOf). */
export type LocationOf = (key: string) => string;

/**
 * The large photo with the `srcset` that lets a phone take the 800 px copy. The widths are
 * the copies' longest sides: a portrait photo is narrower, which only makes the browser's
 * choice err towards the sharper copy. Photos stored before the copy existed have no srcset.
 */
export function largePhoto(photo: StoredImage, locationOf: LocationOf): ListingPhoto {
  const large: ListingPhoto = { _id: photo.id, key: photo.key, location: locationOf(photo.key) };
  const screenKey = photo.variant_keys[SCREEN_VARIANT];
  if (!screenKey) return large;
  return { ...large, srcset: `${locationOf(screenKey)} ${LISTING_SCREEN_SHAPE.size}w, ${large.location} ${LISTING_PHOTO_SHAPE.size}w` };
}

export function thumbnailPhoto(photo: StoredImage, locationOf: LocationOf): ListingImage {
  return thumbnail(photo.id, photo.key, photo.variant_keys[THUMBNAIL_VARIANT], locationOf);
}

/** The thumbnail copy, or the photo itself when it was stored before the copies existed. */
function thumbnail(id: string, key: string, thumbnailKey: string | null | undefined, locationOf: LocationOf): ListingImage {
  const shown = thumbnailKey ?? key;
  return { _id: id, key: shown, location: locationOf(shown) };
}

/**
 * The first photo of each listing `l` of a card list: its columns and the join that finds it. A
 * card shows the thumbnail copy, read as one key: a page of cards parsed every photo's array of
 * keys for it (5 % of the API's time on feed pages, issue 17).
 */
export const FIRST_PHOTO_COLUMNS = `photo.id AS image_id, photo.key AS image_key, photo.variant_keys[${THUMBNAIL_VARIANT + 1}] AS image_thumbnail_key`;
export const FIRST_PHOTO_JOIN = `LEFT JOIN LATERAL (
  SELECT ${storedImageColumns('i')} FROM listing_image li ${joinImage('i', 'li.image_id')}
   WHERE li.listing_id = l.id ORDER BY li.position LIMIT 1) photo ON true`;

/**
 * A time column as the API's answers show it, as Date.toISOString writes it (UTC, milliseconds),
 * written by PostgreSQL: parsing a Date per row only to write it again was 2 % of the API's time
 * on feed pages (issue 17).
 */
export function isoTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The columns of a card of listing `l`, as the list queries select them (with the first photo joined). */
export const CARD_COLUMNS = `l.id, l.name, l.price::text AS price, l.valut, l.region, ${isoTime('l.created_at')} AS created_at,
  l.tarif, l.status, l.grade, l.battery, l.author_id, l.author_name`;

/** The columns of a card as the list queries select them, with the first photo joined. */
export interface CardRow {
  id: string;
  name: string | null;
  price: string | null;
  valut: Currency;
  region: string | null;
  /** ISO 8601, as the card shows it. */
  created_at: string;
  tarif: number;
  status: ListingStatus;
  grade: ConditionGrade | null;
  battery: number | null;
  author_id: string;
  author_name: string | null;
  image_id: string | null;
  image_key: string | null;
  image_thumbnail_key: string | null;
}

export function toCard(row: CardRow, locationOf: LocationOf): ListingCard {
  return {
    _id: row.id,
    name: row.name ?? '',
    price: Number(row.price ?? 0),
    valut: row.valut,
    region: row.region ?? '',
    createdAt: row.created_at,
    tarif: row.tarif === 1 ? 1 : 0,
    status: row.status,
    grade: row.grade,
    battery: row.battery,
    seller: { _id: row.author_id, name: row.author_name },
    image: row.image_id ? thumbnail(row.image_id, row.image_key!, row.image_thumbnail_key, locationOf) : null,
  };
}

/** Only whether and where a post went out is public; the publishing state stays with admins. */
export function toPosts(posts: Partial<Record<string, StoredChannelPost>>): ListingPosts {
  return Object.fromEntries(
    SOCIAL_CHANNELS.map((channel) => [channel, { posted: posts[channel]?.posted === true, link: posts[channel]?.link ?? null }]),
  ) as ListingPosts;
}

/** The seller's view of the channel posts: posted, waiting (with its time), failed (tried again), or skipped with why; the platforms' words stay with admins. */
export function toSellerPosts(posts: Partial<Record<string, StoredChannelPost>>): SellerChannelPosts {
  return Object.fromEntries(
    SOCIAL_CHANNELS.flatMap((channel) => {
      const post = posts[channel];
      if (!post) return [];
      const state = post.posted ? 'posted' : post.skipped ? 'skipped' : post.state;
      if (state !== 'posted' && state !== 'queued' && state !== 'failed' && state !== 'skipped') return [];
      const seen = { state, link: post.link ?? null, eta: state === 'queued' ? (post.eta ?? null) : null };
      return [[channel, state === 'skipped' && post.skipped ? { ...seen, skipped: post.skipped } : seen]];
    }),
  );
}
