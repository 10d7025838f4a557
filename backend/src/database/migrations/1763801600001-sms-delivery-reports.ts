import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SmsDeliveryReports1763801600001 implements MigrationInterface {
  name = 'SmsDeliveryReports1763801600001';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Eskiz's delivery report (DLR) of a sent SMS: DELIVRD, UNDELIV, REJECTD, EXPIRED..., by its message id.
    await queryRunner.query(`
      ALTER TABLE sms_delivery
        ADD COLUMN delivery_status text CHECK (delivery_status ~ '^[A-Z]{1,16}$'),
        ADD COLUMN delivery_reported_at timestamptz`);
    await queryRunner.query(`CREATE UNIQUE INDEX sms_delivery_provider_message_idx ON sms_delivery (provider_message_id)`);
    // The sign-in and reset screens ask about a number's last SMS.
    await queryRunner.query(`CREATE INDEX sms_delivery_phone_idx ON sms_delivery (phone_number, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX sms_delivery_phone_idx`);
    await queryRunner.query(`DROP INDEX sms_delivery_provider_message_idx`);
    await queryRunner.query(`ALTER TABLE sms_delivery DROP COLUMN delivery_reported_at, DROP COLUMN delivery_status`);
  }
}
