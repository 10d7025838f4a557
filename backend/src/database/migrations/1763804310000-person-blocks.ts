import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blocking is person to person (issue 37): a block stops messages both ways in every conversation of
 * the two people, and a new one between them, until the blocker lifts it. Owned by the conversations
 * module; it replaces the one conversation's `blocked_by`.
 */
export class PersonBlocks1763804310000 implements MigrationInterface {
  name = 'PersonBlocks1763804310000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_block (
        blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id)
      )`);
    await queryRunner.query(`
      INSERT INTO user_block (blocker_id, blocked_id)
      SELECT blocked_by, CASE WHEN blocked_by = buyer_id THEN seller_id ELSE buyer_id END FROM conversation WHERE blocked_by IS NOT NULL
      ON CONFLICT DO NOTHING`);
    await queryRunner.query(`ALTER TABLE conversation DROP COLUMN blocked_by`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE conversation ADD COLUMN blocked_by uuid REFERENCES users (id) ON DELETE SET NULL`);
    await queryRunner.query(`
      UPDATE conversation c SET blocked_by = b.blocker_id FROM user_block b
       WHERE (b.blocker_id, b.blocked_id) IN ((c.buyer_id, c.seller_id), (c.seller_id, c.buyer_id))`);
    await queryRunner.query(`DROP TABLE user_block`);
  }
}
