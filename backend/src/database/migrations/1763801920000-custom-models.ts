import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'Boshqa model' (issue 18): a listing for a model the catalogue lacks keeps the name its seller
 * typed, within a brand, until an admin adds the model; a complete listing has a device or such a name.
 */
export class CustomModels1763801920000 implements MigrationInterface {
  name = 'CustomModels1763801920000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE listing ADD COLUMN custom_model text CHECK (length(custom_model) BETWEEN 1 AND 60)`);
    await queryRunner.query(`ALTER TABLE listing DROP CONSTRAINT listing_check`);
    await queryRunner.query(`
      ALTER TABLE listing ADD CONSTRAINT listing_check CHECK (status = 'draft' OR (
        (device_id IS NOT NULL OR custom_model IS NOT NULL) AND category_id IS NOT NULL AND name IS NOT NULL AND price IS NOT NULL
        AND price_uzs IS NOT NULL AND region IS NOT NULL AND description IS NOT NULL AND phone_number IS NOT NULL))`);
    // The admin's 'add to catalogue' links every listing typed the same way in the brand.
    await queryRunner.query(`CREATE INDEX listing_custom_model_idx ON listing (category_id, lower(name)) WHERE custom_model IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX listing_custom_model_idx`);
    await queryRunner.query(`DELETE FROM listing WHERE device_id IS NULL AND status <> 'draft'`);
    await queryRunner.query(`ALTER TABLE listing DROP CONSTRAINT listing_check`);
    await queryRunner.query(`
      ALTER TABLE listing ADD CONSTRAINT listing_check CHECK (status = 'draft' OR (
        device_id IS NOT NULL AND category_id IS NOT NULL AND name IS NOT NULL AND price IS NOT NULL
        AND price_uzs IS NOT NULL AND region IS NOT NULL AND description IS NOT NULL AND phone_number IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE listing DROP COLUMN custom_model`);
  }
}
