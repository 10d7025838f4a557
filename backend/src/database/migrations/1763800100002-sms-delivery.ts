import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SmsDelivery1763800100002 implements MigrationInterface {
  name = 'SmsDelivery1763800100002';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per 'sms.requested' job (job id = outbox event id); the text itself is never stored.
    await queryRunner.query(`
      CREATE TABLE sms_delivery (
        job_id text PRIMARY KEY,
        phone_number text NOT NULL,
        status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'unknown')),
        attempts integer NOT NULL DEFAULT 0,
        provider_message_id text,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sms_delivery`);
  }
}
