import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: the browser confirms the card with its SMS code at Payme (cards.verify); our server
 * never sees a code, so it counts no wrong ones.
 */
export class CardTokens1763803330000 implements MigrationInterface {
  name = 'CardTokens1763803330000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payment_transaction DROP COLUMN code_attempts`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payment_transaction ADD COLUMN code_attempts int NOT NULL DEFAULT 0`);
  }
}
