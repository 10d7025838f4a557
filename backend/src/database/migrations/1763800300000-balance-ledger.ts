import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BalanceLedger1763800300000 implements MigrationInterface {
  name = 'BalanceLedger1763800300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Entries are financial records: deleting a user with a ledger is refused rather than erasing it.
    await queryRunner.query(`
      CREATE TABLE balance_entry (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        amount bigint NOT NULL,
        kind text NOT NULL CHECK (kind IN ('topUp', 'listingCharge')),
        reference text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CHECK ((kind = 'topUp' AND amount > 0) OR (kind = 'listingCharge' AND amount < 0))
      )`);
    // A replayed top-up or charge finds its entry here and writes nothing.
    await queryRunner.query(`CREATE UNIQUE INDEX balance_entry_kind_reference_key ON balance_entry (kind, reference)`);
    await queryRunner.query(`CREATE INDEX balance_entry_user_history_idx ON balance_entry (user_id, created_at DESC, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE balance_entry`);
  }
}
