/**
 * How other modules' queries read `images`, read-only, so that its name and columns stay in this
 * module: they join a picture by the id they hold and take what they show of it under the names
 * given here. A fragment goes into the caller's own query: a page of cards or a listing's detail
 * stays one round trip with the plan it had.
 */

/** A stored picture as `storedImageColumns` and `storedImageJson` give it: the key `location` serves and its copies' keys. */
export interface StoredImage {
  id: string;
  key: string;
  variant_keys: string[];
}

/** Joins the picture whose id is `imageId` (a column of the caller's) as `alias`; a LEFT JOIN keeps the rows without one. */
export function joinImage(alias: string, imageId: string, join: 'JOIN' | 'LEFT JOIN' = 'JOIN'): string {
  return `${join} images ${alias} ON ${alias}.id = ${imageId}`;
}

/** The joined picture `alias` as the columns of a StoredImage. */
export function storedImageColumns(alias: string): string {
  return `${alias}.id, ${alias}.key, ${alias}.variant_keys`;
}

/** The joined picture `alias` as one JSON StoredImage, e.g. to aggregate a listing's photos in order. */
export function storedImageJson(alias: string): string {
  return `json_build_object('id', ${alias}.id, 'key', ${alias}.key, 'variant_keys', ${alias}.variant_keys)`;
}

/** The joined picture `alias` as an ImageRef's columns, `${prefix}id` and `${prefix}location` (its public URL). */
export function imageRefColumns(alias: string, prefix: string): string {
  return `${alias}.id AS ${prefix}id, ${alias}.location AS ${prefix}location`;
}
