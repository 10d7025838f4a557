import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listing photos' hashes now read the picture inside a frame of one colour (image-processing's
 * differenceHash). The hashes made before are stale: the workers hash those photos again, newest
 * first (what is copied is what is on sale now), and until then a photo is compared by its stale
 * hash, which still finds an unframed copy.
 */
export class FramedPhotoHashes1763804700000 implements MigrationInterface {
  name = 'FramedPhotoHashes1763804700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE images ADD COLUMN phash_stale boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE images SET phash_stale = true WHERE purpose = 'listing' AND phash IS NOT NULL`);
    await queryRunner.query(`DROP INDEX images_unhashed_idx`);
    await queryRunner.query(`CREATE INDEX images_hash_due_idx ON images (created_at) WHERE purpose = 'listing' AND (phash IS NULL OR phash_stale)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX images_hash_due_idx`);
    await queryRunner.query(`CREATE INDEX images_unhashed_idx ON images (created_at) WHERE purpose = 'listing' AND phash IS NULL`);
    await queryRunner.query(`ALTER TABLE images DROP COLUMN phash_stale`);
  }
}
