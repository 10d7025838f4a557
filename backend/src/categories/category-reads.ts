import type { ReadFragment } from '../database/read-fragment';

/**
 * How other modules' queries read `categories`, read-only, so that its name and columns stay in
 * this module. A fragment goes into the caller's own query: a page or a detail stays one round
 * trip with the plan it had.
 */

/** What `brandName` selects; null when the caller's row names no brand. */
export interface BrandNameColumns {
  brand_name: string | null;
}

/** The name (BrandNameColumns) of the brand whose id is `categoryId`, a column of the caller's that may be null. */
export function brandName(categoryId: string): ReadFragment {
  return { join: `LEFT JOIN categories brand ON brand.id = ${categoryId}`, columns: 'brand.name AS brand_name' };
}

/**
 * The ids a brand's filter takes, as a subquery: the brand named or identified by `brand` (a
 * parameter of the caller's, e.g. `$2`: an id, or a name in any case) and its series (Xiaomi:
 * Redmi, POCO). No rows when there is no such brand.
 */
export function brandFamilyIds(brand: string): string {
  return `SELECT family.id FROM categories maker JOIN categories family ON family.id = maker.id OR family.parent_id = maker.id
           WHERE maker.id::text = lower(${brand}) OR lower(maker.name) = lower(${brand})`;
}

/**
 * How the brand whose id is `categoryId` (a column of the caller's) is shown: `brand_name`,
 * `brand_color` ('#RRGGBB') and `brand_number`, its place on every page.
 */
export function brandLook(categoryId: string): ReadFragment {
  return {
    join: `LEFT JOIN categories brand ON brand.id = ${categoryId}`,
    columns: 'brand.name AS brand_name, brand.color AS brand_color, brand.number AS brand_number',
  };
}
