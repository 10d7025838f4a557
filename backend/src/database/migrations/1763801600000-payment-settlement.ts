import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PaymentSettlement1763801600000 implements MigrationInterface {
  name = 'PaymentSettlement1763801600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // 'settling': Payme took the payment but its receipt is not paid (state 4) yet; the workers re-check it.
    await queryRunner.query(`
      ALTER TABLE payment_transaction
        DROP CONSTRAINT payment_transaction_status_check,
        DROP CONSTRAINT payment_transaction_check2,
        ADD CONSTRAINT payment_transaction_status_check CHECK (status IN ('pending', 'confirming', 'settling', 'confirmed', 'failed')),
        ADD CONSTRAINT payment_transaction_provider_ref_check CHECK (status IN ('confirmed', 'failed') OR provider_ref IS NOT NULL)`);
    await queryRunner.query(`CREATE INDEX payment_transaction_settling_idx ON payment_transaction (created_at) WHERE status = 'settling'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payment_transaction_settling_idx`);
    await queryRunner.query(`
      ALTER TABLE payment_transaction
        DROP CONSTRAINT payment_transaction_status_check,
        DROP CONSTRAINT payment_transaction_provider_ref_check,
        ADD CONSTRAINT payment_transaction_status_check CHECK (status IN ('pending', 'confirming', 'confirmed', 'failed')),
        ADD CONSTRAINT payment_transaction_check2
          CHECK (status IN ('pending', 'confirming') AND provider_ref IS NOT NULL OR status IN ('confirmed', 'failed'))`);
  }
}
