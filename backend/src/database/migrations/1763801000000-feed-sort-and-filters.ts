import type { MigrationInterface, QueryRunner } from 'typeorm';

const ON_SALE = `status = 'active' AND deleted_at IS NULL`;
/** The filters buyers use besides brand, region, name and price (issue 18): carried in the feed's indexes. */
const FILTER_COLUMNS = 'storage, condition, document, shipping, valut';

/** The index of listings by model in feed order: what it carries before this migration, and after it. */
const DEVICE_FEED_COLUMNS = 'device_id, tarif DESC, created_at DESC, id DESC';
const DEVICE_FEED_BEFORE = 'category_id, region, price_uzs';

/** The price indexes before: the price alone, after a brand or a region. */
const PRICE_INDEXES: Array<[name: string, leading: string]> = [
  ['listing_price_idx', ''],
  ['listing_category_price_idx', 'category_id, '],
  ['listing_region_price_idx', 'region, '],
];

/**
 * Sorting by price and the buyers' filters (issue 18). The price indexes gain the id, so that
 * `sort=price_asc|price_desc` is a walk of one of them in a stable order (a page and its anchor
 * in the same place), for the whole feed, a brand, a region, both, and each model a name found.
 * These and the index of listings by model carry the filters' columns, so that a filter skips
 * listings in the index and the feed totals' snapshot (FEED_TOTALS_SQL) stays an index-only
 * scan. The feed-order indexes stay narrow: wider, they lost the whole feed's count to a
 * sequential scan; a filter in newest order reads the table for the listings it walks.
 */
export class FeedSortAndFilters1763801000000 implements MigrationInterface {
  name = 'FeedSortAndFilters1763801000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Building them reads every listing: longer than the pool's default statement timeout on a large table.
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`DROP INDEX listing_feed_device_idx`);
    await queryRunner.query(
      `CREATE INDEX listing_feed_device_idx ON listing (${DEVICE_FEED_COLUMNS}) INCLUDE (${DEVICE_FEED_BEFORE}, ${FILTER_COLUMNS}) WHERE ${ON_SALE}`,
    );
    for (const [name, leading] of PRICE_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON listing (${leading}price_uzs, id) INCLUDE (${FILTER_COLUMNS}) WHERE ${ON_SALE}`);
    }
    await queryRunner.query(
      `CREATE INDEX listing_category_region_price_idx ON listing (category_id, region, price_uzs, id) INCLUDE (${FILTER_COLUMNS}) WHERE ${ON_SALE}`,
    );
    await queryRunner.query(
      `CREATE INDEX listing_device_price_idx ON listing (device_id, price_uzs, id) INCLUDE (category_id, region, ${FILTER_COLUMNS}) WHERE ${ON_SALE}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`DROP INDEX listing_device_price_idx`);
    await queryRunner.query(`DROP INDEX listing_category_region_price_idx`);
    for (const [name, leading] of PRICE_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON listing (${leading}price_uzs) WHERE ${ON_SALE}`);
    }
    await queryRunner.query(`DROP INDEX listing_feed_device_idx`);
    await queryRunner.query(`CREATE INDEX listing_feed_device_idx ON listing (${DEVICE_FEED_COLUMNS}) INCLUDE (${DEVICE_FEED_BEFORE}) WHERE ${ON_SALE}`);
  }
}
