/**
 * How other modules' queries read the reputation tables, read-only, so that their names and
 * columns stay in this module.
 */

/**
 * The sales of listing alias `listing` that their buyer confirmed and no moderator holds: joined to
 * the price guide's sold prices, each such sale's price is counted once more (CONFIRMED_DEAL_WEIGHT 2).
 */
export function confirmedSale(listing: string): string {
  return `JOIN deal confirmed_deal ON confirmed_deal.listing_id = ${listing}.id AND confirmed_deal.counts`;
}

/**
 * Whether the account in column `userId` is a good seller: a rating of REPUTATION_LIMITS.trustedRating
 * or more from at least ratingMinReviews reviews, as `seller_rating.trusted` keeps it (a lookup
 * of its primary key per listing, through the partial index of the trusted ones).
 */
export function trustedSeller(userId: string): string {
  return `EXISTS (SELECT 1 FROM seller_rating trusted_seller WHERE trusted_seller.user_id = ${userId} AND trusted_seller.trusted)`;
}
