import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last price drop announced to those who keep a listing (issue 35 item 11): a lowering is
 * announced at most once a day per listing, and only below the lowest price already announced, so a
 * seller who lowers, raises and lowers again does not message every holder each time.
 */
export class PriceDropAnnouncements1763803800000 implements MigrationInterface {
  name = 'PriceDropAnnouncements1763803800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE price_drop_announcement (
        listing_id uuid PRIMARY KEY REFERENCES listing (id) ON DELETE CASCADE,
        event_id text NOT NULL,
        lowest_price_uzs bigint NOT NULL,
        announced_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE price_drop_announcement`);
  }
}
