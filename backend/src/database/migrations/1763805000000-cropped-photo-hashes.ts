import type { MigrationInterface, QueryRunner } from 'typeorm';

const BANDS = [0, 1, 2, 3];

/**
 * Each listing photo's hash of its centre (`phash_centre`: what a copy cropped by up to a tenth a side still
 * holds) and, for a photo hashed for a check, the hashes of the windows where an earlier photo's centre would lie
 * if it were a cropped copy (`phash_crops`; image-processing's pictureHashes). The centres are found like the
 * hashes, by their four indexed 16-bit bands, with statistics on the bands' expressions (see TurnedPhotoHashes).
 * Photos hashed before have no centre: they are stale, hashed again by the workers newest first.
 */
export class CroppedPhotoHashes1763805000000 implements MigrationInterface {
  name = 'CroppedPhotoHashes1763805000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE images ADD COLUMN phash_centre bigint, ADD COLUMN phash_crops bigint[]`);
    await queryRunner.query(`UPDATE images SET phash_stale = true WHERE purpose = 'listing' AND phash IS NOT NULL`);
    for (const band of BANDS) {
      await queryRunner.query(
        `CREATE INDEX images_phash_centre_band${band}_idx ON images (((phash_centre >> ${band * 16}) & 65535)) WHERE purpose = 'listing' AND phash_centre IS NOT NULL`,
      );
      await queryRunner.query(`CREATE STATISTICS images_phash_centre_band${band}_stats ON ((phash_centre >> ${band * 16}) & 65535) FROM images`);
    }
    await queryRunner.query(`ANALYZE images`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const band of BANDS) {
      await queryRunner.query(`DROP STATISTICS images_phash_centre_band${band}_stats`);
      await queryRunner.query(`DROP INDEX images_phash_centre_band${band}_idx`);
    }
    await queryRunner.query(`ALTER TABLE images DROP COLUMN phash_crops, DROP COLUMN phash_centre`);
  }
}
