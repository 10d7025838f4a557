import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bought channel repost that every channel refused ends as failed and is refunded (issue 39): the
 * promotion keeps the channels its repost may still reach, set when it is sent to them; a channel that
 * refuses it for good leaves the list, and the last one to leave refunds it.
 */
export class FailedReposts1763804200000 implements MigrationInterface {
  name = 'FailedReposts1763804200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE promotion ADD COLUMN repost_channels_left text[]`);
    await queryRunner.query(`ALTER TABLE promotion DROP CONSTRAINT promotion_state_check`);
    await queryRunner.query(`ALTER TABLE promotion ADD CONSTRAINT promotion_state_check CHECK (state IN ('running', 'done', 'refunded', 'failed'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE promotion SET state = 'refunded' WHERE state = 'failed'`);
    await queryRunner.query(`ALTER TABLE promotion DROP CONSTRAINT promotion_state_check`);
    await queryRunner.query(`ALTER TABLE promotion ADD CONSTRAINT promotion_state_check CHECK (state IN ('running', 'done', 'refunded'))`);
    await queryRunner.query(`ALTER TABLE promotion DROP COLUMN repost_channels_left`);
  }
}
