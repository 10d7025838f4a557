import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * For a listing photo hashed for a check, the hashes of the photos it shows within it (`phash_panels`; image-processing's
 * photosWithin: a screenshot of another listing, a photo in a chat), compared with earlier photos' own hashes. Photos
 * checked before have none: they are hashed again when their listing is next checked.
 */
export class PhotoPanelHashes1763805100000 implements MigrationInterface {
  name = 'PhotoPanelHashes1763805100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE images ADD COLUMN phash_panels bigint[]`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE images DROP COLUMN phash_panels`);
  }
}
