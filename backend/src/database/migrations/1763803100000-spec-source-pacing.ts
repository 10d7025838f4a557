import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spec refresh asks GSMArena gently (issue 33). Each device is next due at its own random point
 * of the coming 30 days: the column's default is evaluated per row, so the seeded catalogue, all read
 * on one day, no longer turns stale on one day. One row keeps the source's pacing: the requests of
 * the current hour, the latest success and refusal, and until when the refresh is paused.
 */
export class SpecSourcePacing1763803100000 implements MigrationInterface {
  name = 'SpecSourcePacing1763803100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE devices ADD COLUMN specs_refresh_due_at timestamptz NOT NULL DEFAULT now() + random() * interval '30 days'`);
    await queryRunner.query(`CREATE INDEX devices_specs_refresh_due_idx ON devices (specs_refresh_due_at)`);
    await queryRunner.query(`
      CREATE TABLE spec_source_pacing (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        hour_started_at timestamptz,
        requests_this_hour integer NOT NULL DEFAULT 0,
        last_success_at timestamptz,
        last_refusal_at timestamptz,
        last_refusal text,
        refusals_in_a_row integer NOT NULL DEFAULT 0,
        paused_until timestamptz
      )`);
    await queryRunner.query(`INSERT INTO spec_source_pacing DEFAULT VALUES`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE spec_source_pacing`);
    await queryRunner.query(`DROP INDEX devices_specs_refresh_due_idx`);
    await queryRunner.query(`ALTER TABLE devices DROP COLUMN specs_refresh_due_at`);
  }
}
