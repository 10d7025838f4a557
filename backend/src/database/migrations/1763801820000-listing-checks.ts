import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The workers' checks of listings waiting for moderation (issue 22), and the words admins ban. */
export class ListingChecks1763801820000 implements MigrationInterface {
  name = 'ListingChecks1763801820000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE listing_check (
        listing_id uuid PRIMARY KEY REFERENCES listing (id) ON DELETE CASCADE,
        score integer NOT NULL CHECK (score >= 0),
        checks jsonb NOT NULL,
        checked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE TABLE banned_word (word text PRIMARY KEY CHECK (word = lower(word)))`);
    // The waiting tab is read by status: the checks' worker finds what changed since it looked.
    await queryRunner.query(`CREATE INDEX listing_waiting_idx ON listing (updated_at) WHERE status = 'waiting' AND deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX listing_waiting_idx`);
    await queryRunner.query(`DROP TABLE banned_word`);
    await queryRunner.query(`DROP TABLE listing_check`);
  }
}
