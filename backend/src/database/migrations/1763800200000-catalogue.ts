import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Catalogue1763800200000 implements MigrationInterface {
  name = 'Catalogue1763800200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        color text NOT NULL CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
        description text,
        number integer NOT NULL CHECK (number >= 0),
        image_id uuid REFERENCES images (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // 'Apple' and 'apple' are the same brand to a reader.
    await queryRunner.query(`CREATE UNIQUE INDEX categories_name_key ON categories (lower(name))`);

    await queryRunner.query(`
      CREATE TABLE devices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 3 AND 100),
        category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
        img text,
        source_path text,
        quick_spec jsonb NOT NULL DEFAULT '[]',
        detail_spec jsonb NOT NULL DEFAULT '[]',
        search_count integer NOT NULL DEFAULT 0,
        -- The name without spaces and punctuation: 'iphone13' finds 'Apple iPhone 13'.
        search_key text GENERATED ALWAYS AS (regexp_replace(lower(name), '[^a-z0-9+]+', '', 'g')) STORED,
        specs_refreshed_at timestamptz,
        specs_refresh_requested_at timestamptz,
        specs_refresh_failed_at timestamptz,
        specs_refresh_error text,
        seed_hash text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX devices_name_key ON devices (lower(name))`);
    await queryRunner.query(`CREATE INDEX devices_name_trgm_idx ON devices USING gin (lower(name) gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX devices_search_key_trgm_idx ON devices USING gin (search_key gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX devices_category_id_idx ON devices (category_id)`);
    await queryRunner.query(`CREATE INDEX devices_popularity_idx ON devices (search_count DESC, name)`);
    // The scheduled refresh looks for the stalest specs first.
    await queryRunner.query(`CREATE INDEX devices_specs_refreshed_at_idx ON devices (specs_refreshed_at NULLS FIRST)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE devices`);
    await queryRunner.query(`DROP TABLE categories`);
  }
}
