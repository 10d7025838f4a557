import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The key a message's sender gave it (the web app's per message, a Telegram reply's chat and message): a send
 * repeated after its answer was lost, or a Telegram update handled twice, finds the message it already wrote
 * instead of writing it again. Owned by the conversations module.
 */
export class MessageClientKeys1763804500000 implements MigrationInterface {
  name = 'MessageClientKeys1763804500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE conversation_message ADD COLUMN client_key text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX conversation_message_client_key_idx ON conversation_message (conversation_id, author_id, client_key) WHERE client_key IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX conversation_message_client_key_idx`);
    await queryRunner.query(`ALTER TABLE conversation_message DROP COLUMN client_key`);
  }
}
