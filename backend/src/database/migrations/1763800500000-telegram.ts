import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Telegram1763800500000 implements MigrationInterface {
  name = 'Telegram1763800500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE telegram_subscription (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        chat_id bigint NOT NULL UNIQUE,
        language text NOT NULL,
        linked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE telegram_link_token (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        language text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    // One message per notification job, even when the job runs again.
    await queryRunner.query(`
      CREATE TABLE notification_delivery (
        job_key text PRIMARY KEY,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_delivery`);
    await queryRunner.query(`DROP TABLE telegram_link_token`);
    await queryRunner.query(`DROP TABLE telegram_subscription`);
  }
}
