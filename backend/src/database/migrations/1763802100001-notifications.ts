import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox (issue 37), owned by the notifications module: one row per event and person, so an
 * event handled again records nothing twice.
 */
export class Notifications1763802100001 implements MigrationInterface {
  name = 'Notifications1763802100001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        event_id text NOT NULL,
        kind text NOT NULL,
        text jsonb NOT NULL,
        link text,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        UNIQUE (event_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX notification_inbox_idx ON notification (user_id, id DESC)`);
    await queryRunner.query(`CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification`);
  }
}
