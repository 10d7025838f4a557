import type { MigrationInterface, QueryRunner } from 'typeorm';

const ON_SALE = `status = 'active' AND deleted_at IS NULL`;
/** The feed's filter columns carried in its indexes (1763801000000), before and after the grade and battery filters. */
const FILTER_COLUMNS_BEFORE = 'storage, condition, document, shipping, valut';
const FILTER_COLUMNS = `${FILTER_COLUMNS_BEFORE}, grade, battery`;
const DEVICE_FEED_COLUMNS = 'device_id, tarif DESC, created_at DESC, id DESC';

/** Each index carrying the filters: its name, its key and the columns it carries besides the filters. */
const FILTER_INDEXES: Array<[name: string, key: string, carried: string]> = [
  ['listing_feed_device_idx', DEVICE_FEED_COLUMNS, 'category_id, region, price_uzs, '],
  ['listing_price_idx', 'price_uzs, id', ''],
  ['listing_category_price_idx', 'category_id, price_uzs, id', ''],
  ['listing_region_price_idx', 'region, price_uzs, id', ''],
  ['listing_category_region_price_idx', 'category_id, region, price_uzs, id', ''],
  ['listing_device_price_idx', 'device_id, price_uzs, id', 'category_id, region, '],
];

/**
 * What a listing says about the phone itself (issue 22): its IMEIs, stored as keyed hashes (for
 * the duplicate check), sealed (for moderators) and as their last four digits (for buyers); the
 * seller's UZIMEI and instalment declarations; a used phone's grade and battery health, which
 * the feed filters by, so its indexes carry them like the other filters. Older listings have none.
 */
export class PhoneIdentity1763801900000 implements MigrationInterface {
  name = 'PhoneIdentity1763801900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`
      ALTER TABLE listing
        ADD COLUMN imei_hash text[] NOT NULL DEFAULT '{}',
        ADD COLUMN imei_sealed text[] NOT NULL DEFAULT '{}',
        ADD COLUMN imei_last4 text[] NOT NULL DEFAULT '{}',
        ADD COLUMN uzimei_registered boolean,
        ADD COLUMN no_instalment_debt boolean NOT NULL DEFAULT false,
        ADD COLUMN grade text CHECK (grade IN ('A', 'B', 'C')),
        ADD COLUMN battery smallint CHECK (battery BETWEEN 50 AND 100)`);
    // The duplicate IMEI check looks up listings sharing a hash.
    await queryRunner.query(`CREATE INDEX listing_imei_hash_idx ON listing USING gin (imei_hash) WHERE deleted_at IS NULL`);
    for (const [name, key, carried] of FILTER_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON listing (${key}) INCLUDE (${carried}${FILTER_COLUMNS}) WHERE ${ON_SALE}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    for (const [name, key, carried] of FILTER_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON listing (${key}) INCLUDE (${carried}${FILTER_COLUMNS_BEFORE}) WHERE ${ON_SALE}`);
    }
    await queryRunner.query(`DROP INDEX listing_imei_hash_idx`);
    await queryRunner.query(`
      ALTER TABLE listing
        DROP COLUMN battery, DROP COLUMN grade, DROP COLUMN no_instalment_debt, DROP COLUMN uzimei_registered,
        DROP COLUMN imei_last4, DROP COLUMN imei_sealed, DROP COLUMN imei_hash`);
  }
}
