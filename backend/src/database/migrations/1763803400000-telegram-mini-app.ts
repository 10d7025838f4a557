import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 40, the Mini App: a session's token travels as the cookie or as the Mini App's header and
 * is accepted only so; a phone number a Telegram user shared with the bot waits for their sign-in.
 */
export class TelegramMiniApp1763803400000 implements MigrationInterface {
  name = 'TelegramMiniApp1763803400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions ADD COLUMN carrier text NOT NULL DEFAULT 'cookie' CHECK (carrier IN ('cookie', 'header'))`);
    await queryRunner.query(`
      CREATE TABLE telegram_contact (
        telegram_user_id bigint PRIMARY KEY,
        phone_number text NOT NULL,
        shared_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE telegram_contact`);
    await queryRunner.query(`ALTER TABLE sessions DROP COLUMN carrier`);
  }
}
