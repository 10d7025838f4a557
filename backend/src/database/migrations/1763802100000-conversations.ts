import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations between a buyer and a listing's seller (issue 37), owned by the conversations
 * module. A message's id is its place in the thread: the cursor a client pages and catches up by.
 * Each side's read mark is the id of the last message it has read.
 */
export class Conversations1763802100000 implements MigrationInterface {
  name = 'Conversations1763802100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE conversation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        listing_id uuid NOT NULL REFERENCES listing (id) ON DELETE CASCADE,
        buyer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_message_at timestamptz NOT NULL DEFAULT now(),
        buyer_read_id bigint NOT NULL DEFAULT 0,
        seller_read_id bigint NOT NULL DEFAULT 0,
        blocked_by uuid REFERENCES users (id) ON DELETE SET NULL,
        UNIQUE (listing_id, buyer_id)
      )`);
    await queryRunner.query(`CREATE INDEX conversation_buyer_idx ON conversation (buyer_id, last_message_at DESC)`);
    await queryRunner.query(`CREATE INDEX conversation_seller_idx ON conversation (seller_id, last_message_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE conversation_message (
        id bigserial PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        text text NOT NULL,
        image_ids uuid[] NOT NULL DEFAULT '{}',
        warnings text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX conversation_message_thread_idx ON conversation_message (conversation_id, id)`);
    await queryRunner.query(`
      CREATE TABLE conversation_report (
        conversation_id uuid NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason text NOT NULL,
        text text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, reporter_id)
      )`);
    // Moderators read a conversation only once it is reported, and every such read is kept.
    await queryRunner.query(`
      CREATE TABLE conversation_moderator_read (
        id bigserial PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
        moderator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        read_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE conversation_moderator_read, conversation_report, conversation_message, conversation`);
  }
}
