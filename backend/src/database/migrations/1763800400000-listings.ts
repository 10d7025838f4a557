import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the public pages show: `GET /api/phone`, the category counts and the sitemap use exactly this predicate. */
const ON_SALE = `status = 'active' AND deleted_at IS NULL`;

export class Listings1763800400000 implements MigrationInterface {
  name = 'Listings1763800400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE exchange_rate (
        currency text PRIMARY KEY CHECK (currency = 'usd'),
        -- So'm for one unit of the currency.
        rate numeric(14, 2) NOT NULL CHECK (rate > 0),
        source text NOT NULL,
        fetched_at timestamptz NOT NULL DEFAULT now()
      )`);

    // A draft may miss anything but its author and step; every other status has the whole listing.
    await queryRunner.query(`
      CREATE TABLE listing (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        author_id uuid NOT NULL REFERENCES users (id),
        device_id uuid REFERENCES devices (id),
        category_id uuid REFERENCES categories (id),
        name text CHECK (length(name) BETWEEN 1 AND 100),
        price bigint CHECK (price > 0),
        valut text NOT NULL DEFAULT 'uzs' CHECK (valut IN ('uzs', 'usd')),
        -- The price in so'm at the stored USD rate, for filtering across currencies.
        price_uzs bigint CHECK (price_uzs >= 0),
        condition boolean NOT NULL DEFAULT false,
        document boolean NOT NULL DEFAULT false,
        shipping boolean NOT NULL DEFAULT false,
        region text,
        color text,
        ram text,
        storage text,
        description text CHECK (length(description) <= 200),
        tarif smallint NOT NULL DEFAULT 0 CHECK (tarif IN (0, 1)),
        status text NOT NULL CHECK (status IN ('active', 'noActive', 'waiting', 'cancelled', 'draft')),
        step smallint NOT NULL DEFAULT 0 CHECK (step BETWEEN 0 AND 9),
        phone_number text CHECK (phone_number ~ '^[0-9]{12}$'),
        telegram_username text,
        author_name text,
        views integer NOT NULL DEFAULT 0,
        contact_reveals integer NOT NULL DEFAULT 0,
        posts jsonb NOT NULL DEFAULT '{}',
        approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
        approved_at timestamptz,
        rejection_reason text,
        -- The name without spaces and punctuation, as devices.search_key: 'iphone13' finds 'Apple iPhone 13'.
        search_key text GENERATED ALWAYS AS (regexp_replace(lower(coalesce(name, '')), '[^a-z0-9+]+', '', 'g')) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK (status = 'draft' OR (
          device_id IS NOT NULL AND category_id IS NOT NULL AND name IS NOT NULL AND price IS NOT NULL
          AND price_uzs IS NOT NULL AND region IS NOT NULL AND description IS NOT NULL AND phone_number IS NOT NULL))
      )`);

    // GET /api/phone: promoted first, then newest, for every filter combination.
    // Brand and region: an index each and one for both, in feed order, so a page is an index walk.
    await queryRunner.query(`CREATE INDEX listing_feed_idx ON listing (tarif DESC, created_at DESC, id DESC) WHERE ${ON_SALE}`);
    await queryRunner.query(
      `CREATE INDEX listing_feed_category_idx ON listing (category_id, tarif DESC, created_at DESC, id DESC) WHERE ${ON_SALE}`,
    );
    await queryRunner.query(
      `CREATE INDEX listing_feed_region_idx ON listing (region, tarif DESC, created_at DESC, id DESC) WHERE ${ON_SALE}`,
    );
    await queryRunner.query(
      `CREATE INDEX listing_feed_category_region_idx ON listing (category_id, region, tarif DESC, created_at DESC, id DESC) WHERE ${ON_SALE}`,
    );
    // Price bounds: a range alone, or after an equal brand or region.
    await queryRunner.query(`CREATE INDEX listing_price_idx ON listing (price_uzs) WHERE ${ON_SALE}`);
    await queryRunner.query(`CREATE INDEX listing_category_price_idx ON listing (category_id, price_uzs) WHERE ${ON_SALE}`);
    await queryRunner.query(`CREATE INDEX listing_region_price_idx ON listing (region, price_uzs) WHERE ${ON_SALE}`);
    // The name: as a substring ignoring spaces ('iphone13' in search_key) or word by word with typos
    // ('iphnoe 13' <% lower(name)), as devices.find matches device names.
    await queryRunner.query(`CREATE INDEX listing_search_key_trgm_idx ON listing USING gin (search_key gin_trgm_ops) WHERE ${ON_SALE}`);
    await queryRunner.query(`CREATE INDEX listing_name_trgm_idx ON listing USING gin (lower(name) gin_trgm_ops) WHERE ${ON_SALE}`);
    await queryRunner.query(`CREATE INDEX listing_device_idx ON listing (device_id) WHERE ${ON_SALE}`);

    // My listings; the foreign keys of categories and devices (a brand in use is not deleted).
    await queryRunner.query(`CREATE INDEX listing_author_idx ON listing (author_id, created_at DESC) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX listing_category_idx ON listing (category_id)`);
    await queryRunner.query(`CREATE INDEX listing_any_device_idx ON listing (device_id)`);
    // Re-normalising prices after a rate change touches dollar listings only.
    await queryRunner.query(`CREATE INDEX listing_usd_idx ON listing (id) WHERE valut = 'usd'`);
    // Photos of deleted listings are cleaned up after a while.
    await queryRunner.query(`CREATE INDEX listing_deleted_idx ON listing (deleted_at) WHERE deleted_at IS NOT NULL`);

    // The photos of a listing in the seller's order; a photo belongs to one listing only.
    await queryRunner.query(`
      CREATE TABLE listing_image (
        listing_id uuid NOT NULL REFERENCES listing (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 7),
        image_id uuid NOT NULL REFERENCES images (id) ON DELETE CASCADE,
        PRIMARY KEY (listing_id, position)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX listing_image_image_id_key ON listing_image (image_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE listing_image`);
    await queryRunner.query(`DROP TABLE listing`);
    await queryRunner.query(`DROP TABLE exchange_rate`);
  }
}
