import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A moderator's last look at a seller whose messages repeatedly tripped the text checks ('Ko'rib chiqildi', issue 37):
 * only flagged messages written after it bring the seller's newest listing on sale into the waiting tab again.
 * Owned by the moderation module.
 */
export class SellerMessageLooks1763804400000 implements MigrationInterface {
  name = 'SellerMessageLooks1763804400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE seller_message_look (
        seller_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        looked_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE seller_message_look`);
  }
}
