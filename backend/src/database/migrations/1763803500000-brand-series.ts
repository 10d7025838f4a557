import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Brands as people know them (issue 36 item 4): a series a maker sells under its own name (Redmi and
 * POCO are Xiaomi's) belongs to its brand, whose filter and count include it. One level: a brand
 * with series belongs to none. Deleting a brand leaves its series as brands of their own.
 */
export class BrandSeries1763803500000 implements MigrationInterface {
  name = 'BrandSeries1763803500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE categories
        ADD COLUMN parent_id uuid REFERENCES categories (id) ON DELETE SET NULL,
        ADD CONSTRAINT categories_parent_not_itself CHECK (parent_id <> id)`);
    await queryRunner.query(`CREATE INDEX categories_parent_idx ON categories (parent_id) WHERE parent_id IS NOT NULL`);
    // The catalogue's series (devices/seed/brands.ts) where their brands already exist.
    await queryRunner.query(`
      UPDATE categories series SET parent_id = maker.id
        FROM categories maker
       WHERE lower(maker.name) = 'xiaomi' AND lower(series.name) IN ('redmi', 'poco')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE categories DROP COLUMN parent_id`);
  }
}
