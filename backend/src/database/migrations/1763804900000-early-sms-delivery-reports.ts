import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Eskiz's delivery reports that came before the SMS they tell of was recorded as sent: Eskiz may
 * report while the worker is still writing its answer's id. Each waits here, by that id, until the
 * send is recorded (the auth module's SmsSendingService applies it); one not claimed in a day is dropped.
 */
export class EarlySmsDeliveryReports1763804900000 implements MigrationInterface {
  name = 'EarlySmsDeliveryReports1763804900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sms_early_delivery_report (
        provider_message_id text PRIMARY KEY,
        delivery_status text NOT NULL CHECK (delivery_status ~ '^[A-Z]{1,16}$'),
        reported_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sms_early_delivery_report`);
  }
}
