import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The messages that tripped the text checks, by when they were sent: the moderators' queue counts
 * each seller's recent ones (repeatedlyFlaggedAuthor). Partial, so the messages without a warning,
 * nearly all of them, cost nothing to write.
 */
export class FlaggedMessages1763804100000 implements MigrationInterface {
  name = 'FlaggedMessages1763804100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX conversation_message_flagged_idx ON conversation_message (created_at, author_id) WHERE warnings <> '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX conversation_message_flagged_idx`);
  }
}
