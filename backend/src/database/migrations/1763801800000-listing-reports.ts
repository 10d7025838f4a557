import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Buyers' reports on listings (issue 22): one per user and listing, open until an admin decides. */
export class ListingReports1763801800000 implements MigrationInterface {
  name = 'ListingReports1763801800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE listing_report (
        listing_id uuid NOT NULL REFERENCES listing (id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason text NOT NULL,
        text text,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        PRIMARY KEY (listing_id, reporter_id)
      )`);
    await queryRunner.query(`CREATE INDEX listing_report_open_idx ON listing_report (listing_id, created_at DESC) WHERE decided_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE listing_report`);
  }
}
