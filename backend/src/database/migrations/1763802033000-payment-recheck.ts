import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: the workers re-check every payment that reached Payme and is not final (a charge whose
 * answer was lost stayed 'pending' for good), less often as it ages (`checked_at`).
 */
export class PaymentRecheck1763802033000 implements MigrationInterface {
  name = 'PaymentRecheck1763802033000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payment_transaction ADD COLUMN checked_at timestamptz`);
    await queryRunner.query(`DROP INDEX payment_transaction_settling_idx`);
    await queryRunner.query(`
      CREATE INDEX payment_transaction_not_final_idx ON payment_transaction (created_at)
        WHERE status IN ('pending', 'confirming', 'settling')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX payment_transaction_not_final_idx`);
    await queryRunner.query(`CREATE INDEX payment_transaction_settling_idx ON payment_transaction (created_at) WHERE status = 'settling'`);
    await queryRunner.query(`ALTER TABLE payment_transaction DROP COLUMN checked_at`);
  }
}
