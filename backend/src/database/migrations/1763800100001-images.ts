import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Images1763800100001 implements MigrationInterface {
  name = 'Images1763800100001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
        purpose text NOT NULL CHECK (purpose IN ('avatar', 'category', 'listing')),
        key text NOT NULL,
        variant_keys text[] NOT NULL DEFAULT '{}',
        location text NOT NULL,
        attached boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX images_owner_id_idx ON images (owner_id)`);
    // Fresh uploads nothing uses yet, oldest first, for their clean-up.
    await queryRunner.query(`CREATE INDEX images_unattached_idx ON images (created_at) WHERE NOT attached`);
    await queryRunner.query(
      `ALTER TABLE users ADD CONSTRAINT users_image_id_fkey FOREIGN KEY (image_id) REFERENCES images (id) ON DELETE SET NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_image_id_fkey`);
    await queryRunner.query(`DROP TABLE images`);
  }
}
