import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Device pictures come from our own storage (issue 18): `img` is the stored picture's URL, and
 * `picture_key` the storage key of a model's own photo, brought by the spec refresh (null
 * while the model shows its brand's drawing, which the seed sets and may replace).
 * Pictures hot-linked from the spec source are dropped: the seed gives models their brand's drawing at the next start.
 */
export class DevicePictures1763801100000 implements MigrationInterface {
  name = 'DevicePictures1763801100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE devices ADD COLUMN picture_key text`);
    await queryRunner.query(`UPDATE devices SET img = NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE devices DROP COLUMN picture_key`);
  }
}
