import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Buyers1763801700000 implements MigrationInterface {
  name = 'Buyers1763801700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE favourite (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        listing_id uuid NOT NULL REFERENCES listing (id) ON DELETE CASCADE,
        kept_at timestamptz NOT NULL DEFAULT now(),
        -- The price when kept: the card shows it struck through once the listing is cheaper.
        kept_price bigint,
        kept_valut text,
        PRIMARY KEY (user_id, listing_id)
      )`);
    // One price-drop message per lowering (its outbox event) and holder, even when the job runs again.
    await queryRunner.query(`
      CREATE TABLE price_drop_delivery (
        event_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, user_id)
      )`);
    // The profile's list, newest first; and who keeps a listing (its count, price-drop messages).
    await queryRunner.query(`CREATE INDEX favourite_by_user ON favourite (user_id, kept_at DESC)`);
    await queryRunner.query(`CREATE INDEX favourite_by_listing ON favourite (listing_id)`);

    // category_id and device_ids are the brand and the models the query's brand and name meant
    // when it was saved: an approved listing finds the searches it may match through them.
    await queryRunner.query(`
      CREATE TABLE saved_search (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        query jsonb NOT NULL,
        category_id uuid,
        region text,
        device_ids uuid[],
        alerts text NOT NULL DEFAULT 'instant' CHECK (alerts IN ('instant', 'daily', 'off')),
        opened_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, query)
      )`);
    // One index per way a listing reaches its candidate searches: by brand; by region for searches
    // without a brand; by model for searches with neither; the rest (price bounds at most) are few.
    await queryRunner.query(`CREATE INDEX saved_search_by_brand ON saved_search (category_id) WHERE category_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX saved_search_by_region ON saved_search (region) WHERE category_id IS NULL AND region IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX saved_search_by_model ON saved_search USING gin (device_ids) WHERE category_id IS NULL AND region IS NULL AND device_ids IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX saved_search_unkeyed ON saved_search (id) WHERE category_id IS NULL AND region IS NULL AND device_ids IS NULL`,
    );

    // A listing that matched a search, once: the count of new listings, and at most one alert each.
    await queryRunner.query(`
      CREATE TABLE saved_search_match (
        saved_search_id uuid NOT NULL REFERENCES saved_search (id) ON DELETE CASCADE,
        listing_id uuid NOT NULL REFERENCES listing (id) ON DELETE CASCADE,
        matched_at timestamptz NOT NULL DEFAULT now(),
        alerted_at timestamptz,
        PRIMARY KEY (saved_search_id, listing_id)
      )`);
    await queryRunner.query(`CREATE INDEX saved_search_match_by_listing ON saved_search_match (listing_id)`);
    await queryRunner.query(`CREATE INDEX saved_search_match_not_alerted ON saved_search_match (saved_search_id) WHERE alerted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE saved_search_match`);
    await queryRunner.query(`DROP TABLE saved_search`);
    await queryRunner.query(`DROP TABLE price_drop_delivery`);
    await queryRunner.query(`DROP TABLE favourite`);
  }
}
