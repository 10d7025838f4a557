import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each message the bot relays to a linked chat (issue 37), owned by the conversations module: a
 * reply to that bot message in Telegram lands in its conversation, as its recipient's answer.
 */
export class ConversationRelay1763802100002 implements MigrationInterface {
  name = 'ConversationRelay1763802100002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE conversation_relay (
        chat_id bigint NOT NULL,
        bot_message_id bigint NOT NULL,
        conversation_id uuid NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chat_id, bot_message_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE conversation_relay`);
  }
}
