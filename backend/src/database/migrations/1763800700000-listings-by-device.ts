import type { MigrationInterface, QueryRunner } from 'typeorm';

const ON_SALE = `status = 'active' AND deleted_at IS NULL`;

/** The feed's indexes: the whole feed, by brand, by region, by both (the listings migration). */
const FEED_INDEXES: Array<[name: string, leading: string]> = [
  ['listing_feed_idx', ''],
  ['listing_feed_category_idx', 'category_id, '],
  ['listing_feed_region_idx', 'region, '],
  ['listing_feed_category_region_idx', 'category_id, region, '],
];

/**
 * A name search finds its models in the device catalogue and takes their listings by device_id
 * (issue 17): listings are no longer matched by name, so the trigram indexes over a million
 * names and the column they read go. In their place, the listings of each model in feed order,
 * with the other filters' columns beside them, so that a search page, its filters and the
 * number of listings it finds are read from this index alone (index-only scans). The feed's
 * indexes carry the price too: a page with price bounds skips the listings outside them in the
 * index, without reading each one from the table.
 */
export class ListingsByDevice1763800700000 implements MigrationInterface {
  name = 'ListingsByDevice1763800700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Building it reads every listing: longer than the pool's default statement timeout on a large table.
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(
      `CREATE INDEX listing_feed_device_idx ON listing (device_id, tarif DESC, created_at DESC, id DESC)
         INCLUDE (category_id, region, price_uzs) WHERE ${ON_SALE}`,
    );
    // Its leading column answers what this one did.
    await queryRunner.query(`DROP INDEX listing_device_idx`);
    await queryRunner.query(`DROP INDEX listing_search_key_trgm_idx`);
    await queryRunner.query(`DROP INDEX listing_name_trgm_idx`);
    await queryRunner.query(`ALTER TABLE listing DROP COLUMN search_key`);
    for (const [name, leading] of FEED_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON listing (${leading}tarif DESC, created_at DESC, id DESC) INCLUDE (price_uzs) WHERE ${ON_SALE}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    for (const [name, leading] of FEED_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON listing (${leading}tarif DESC, created_at DESC, id DESC) WHERE ${ON_SALE}`);
    }
    await queryRunner.query(`
      ALTER TABLE listing ADD COLUMN search_key text
        GENERATED ALWAYS AS (regexp_replace(lower(coalesce(name, '')), '[^a-z0-9+]+', '', 'g')) STORED`);
    await queryRunner.query(`CREATE INDEX listing_search_key_trgm_idx ON listing USING gin (search_key gin_trgm_ops) WHERE ${ON_SALE}`);
    await queryRunner.query(`CREATE INDEX listing_name_trgm_idx ON listing USING gin (lower(name) gin_trgm_ops) WHERE ${ON_SALE}`);
    await queryRunner.query(`CREATE INDEX listing_device_idx ON listing (device_id) WHERE ${ON_SALE}`);
    await queryRunner.query(`DROP INDEX listing_feed_device_idx`);
  }
}
