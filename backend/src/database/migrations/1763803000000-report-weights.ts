import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports weighed by their reporter (issue 35): the weight the report was made with, the address
 * it came from (reports from one address count once) and what the admins decided of it (an upheld
 * report adds to its reporter's weight, a dismissed one takes from it). Reports older than this
 * keep the weight 1 they counted with.
 */
export class ReportWeights1763803000000 implements MigrationInterface {
  name = 'ReportWeights1763803000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE listing_report
        ADD COLUMN weight real NOT NULL DEFAULT 1,
        ADD COLUMN reporter_ip text,
        ADD COLUMN outcome text CHECK (outcome IN ('upheld', 'dismissed'))`);
    await queryRunner.query(`CREATE INDEX listing_report_reporter_idx ON listing_report (reporter_id) WHERE outcome IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX listing_report_reporter_idx`);
    await queryRunner.query(`ALTER TABLE listing_report DROP COLUMN weight, DROP COLUMN reporter_ip, DROP COLUMN outcome`);
  }
}
