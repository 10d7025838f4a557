import type { MigrationInterface, QueryRunner } from 'typeorm';

const BANDS = [0, 1, 2, 3];

/**
 * Each listing photo's perceptual hash (issue 22, reused photos), computed by the workers. The
 * four 16-bit bands of the hash are indexed: two hashes at most 6 bits apart have a band that
 * differs in at most one bit, so a photo's look-alikes are found by index (images.service.ts).
 */
export class PhotoHashes1763801910000 implements MigrationInterface {
  name = 'PhotoHashes1763801910000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE images ADD COLUMN phash bigint`);
    for (const band of BANDS) {
      await queryRunner.query(
        `CREATE INDEX images_phash_band${band}_idx ON images (((phash >> ${band * 16}) & 65535)) WHERE purpose = 'listing' AND phash IS NOT NULL`,
      );
    }
    // The workers hash what is still without a hash, newest first.
    await queryRunner.query(`CREATE INDEX images_unhashed_idx ON images (created_at) WHERE purpose = 'listing' AND phash IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX images_unhashed_idx`);
    for (const band of BANDS) await queryRunner.query(`DROP INDEX images_phash_band${band}_idx`);
    await queryRunner.query(`ALTER TABLE images DROP COLUMN phash`);
  }
}
