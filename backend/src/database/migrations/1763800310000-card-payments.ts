import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CardPayments1763800310000 implements MigrationInterface {
  name = 'CardPayments1763800310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // No column can hold a card number or expiry: only the last four digits and the card type.
    await queryRunner.query(`
      CREATE TABLE payment_transaction (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        amount bigint NOT NULL CHECK (amount > 0),
        card_last4 text NOT NULL CHECK (card_last4 ~ '^[0-9]{4}$'),
        card_type text NOT NULL CHECK (card_type IN ('uzcard', 'humo')),
        provider text NOT NULL,
        provider_ref text,
        status text NOT NULL CHECK (status IN ('pending', 'confirming', 'confirmed', 'failed')),
        failure_reason text,
        code_attempts int NOT NULL DEFAULT 0,
        claimed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL)),
        CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
        CHECK (status IN ('pending', 'confirming') AND provider_ref IS NOT NULL OR status IN ('confirmed', 'failed'))
      )`);
    await queryRunner.query(`CREATE INDEX payment_transaction_user_idx ON payment_transaction (user_id, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE payment_transaction`);
  }
}
