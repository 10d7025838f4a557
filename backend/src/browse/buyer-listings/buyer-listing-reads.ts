import type { ReadFragment } from '../../database/read-fragment';

/**
 * Whether the listing whose id is `listingId` (a column of the caller's) is on sale, as
 * `listing_on_sale`: a conversation's messages check it in the statement that writes them.
 */
export function listingOnSale(listingId: string): ReadFragment {
  return {
    join: `JOIN listing on_sale ON on_sale.id = ${listingId}`,
    columns: `(on_sale.status = 'active' AND on_sale.deleted_at IS NULL) AS listing_on_sale`,
  };
}
