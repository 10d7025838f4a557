import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether either person of a conversation blocked the other, on the conversation's row: a message locks that row
 * as it is written, so one held up by a block in progress reads the block once it is made (a check of user_block
 * inside the message's statement reads the table as it was when the statement began). Kept by the conversations
 * module with each block, lifting and new conversation; user_block stays the record of who blocked whom.
 */
export class ConversationBlocks1763804600000 implements MigrationInterface {
  name = 'ConversationBlocks1763804600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE conversation ADD COLUMN blocked boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      UPDATE conversation c SET blocked = true
       WHERE EXISTS (SELECT 1 FROM user_block b WHERE (b.blocker_id, b.blocked_id) IN ((c.buyer_id, c.seller_id), (c.seller_id, c.buyer_id)))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE conversation DROP COLUMN blocked`);
  }
}
