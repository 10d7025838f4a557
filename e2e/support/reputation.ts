import { Client } from 'pg';

/**
 * Deals and reviews written straight into the database: a seller's rating shows from 3 reviews,
 * so a browser test that makes one deal seeds the others.
 */
export async function seedReviewedDeal(deal: { listingId: string; sellerId: string; buyerId: string; stars: number; text: string }): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO deal (listing_id, seller_id, buyer_id, price_uzs, seller_address, buyer_address, status, counts, created_at, confirmed_at)
       VALUES ($1, $2, $3, 3000000, '192.0.2.1', '192.0.2.2', 'confirmed', true, now() - interval '20 days', now() - interval '20 days') RETURNING id`,
      [deal.listingId, deal.sellerId, deal.buyerId],
    );
    // Shown and counted, as the ratings' refresh leaves a review both sides wrote; the next refresh of the seller counts it too.
    await client.query(
      `INSERT INTO review (deal_id, author_id, subject_id, stars, text, created_at, shown_at, counted)
       VALUES ($1, $2, $3, $4, $5, now() - interval '19 days', now() - interval '19 days', true)`,
      [rows[0].id, deal.buyerId, deal.sellerId, deal.stars, deal.text],
    );
  } finally {
    await client.end();
  }
}
