import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Outbox1763800000000 implements MigrationInterface {
  name = 'Outbox1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE outbox_event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        dispatched_at timestamptz
      )`);
    // The relay only ever scans pending events, oldest first.
    await queryRunner.query(
      `CREATE INDEX outbox_event_pending_idx ON outbox_event (created_at) WHERE dispatched_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE outbox_event`);
  }
}
