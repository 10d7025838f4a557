import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listings marked sold (issue 22): when, and for how much in so'm, so the price guide counts what
 * phones sold for. The index serves the guide's sold half: by model, the recent ones.
 */
export class SoldListings1763801810000 implements MigrationInterface {
  name = 'SoldListings1763801810000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE listing ADD COLUMN sold_at timestamptz, ADD COLUMN sold_price_uzs bigint`);
    await queryRunner.query(
      `CREATE INDEX listing_sold_idx ON listing (device_id, sold_at DESC) INCLUDE (storage, condition, sold_price_uzs)
        WHERE sold_at IS NOT NULL AND status = 'noActive' AND deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX listing_sold_idx`);
    await queryRunner.query(`ALTER TABLE listing DROP COLUMN sold_price_uzs, DROP COLUMN sold_at`);
  }
}
