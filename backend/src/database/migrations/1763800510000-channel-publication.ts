import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ChannelPublication1763800510000 implements MigrationInterface {
  name = 'ChannelPublication1763800510000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Remote ids a channel returned while a listing was being posted (a carousel container, a
    // published media id): a retried or restarted job resumes from them instead of posting twice.
    await queryRunner.query(`
      CREATE TABLE channel_publication_step (
        listing_id uuid NOT NULL REFERENCES listing (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('telegram', 'instagram', 'facebook')),
        step text NOT NULL,
        remote_id text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (listing_id, channel, step)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE channel_publication_step`);
  }
}
