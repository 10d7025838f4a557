import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reputation earned in real deals (issue 38), owned by the reputation module. A deal is a sale its
 * seller recorded with the buyer; `counts` says its buyer confirmed it and no moderator holds it
 * (linked accounts). A review is shown from `shown_at` (both wrote, or 14 days after it was
 * written); `counted` says it is in its subject's `seller_rating`, the denormalised figure the feed's
 * "good sellers" filter reads by its `trusted` partial index.
 */
export class Reputation1763803700000 implements MigrationInterface {
  name = 'Reputation1763803700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE deal (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        listing_id uuid NOT NULL UNIQUE REFERENCES listing (id) ON DELETE CASCADE,
        seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        buyer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        price_uzs bigint,
        status text NOT NULL DEFAULT 'awaiting' CHECK (status IN ('awaiting', 'confirmed', 'declined')),
        seller_address text NOT NULL,
        buyer_address text,
        flags text[] NOT NULL DEFAULT '{}',
        cleared_by uuid REFERENCES users (id) ON DELETE SET NULL,
        counts boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        CHECK (seller_id <> buyer_id)
      )`);
    await queryRunner.query(`CREATE INDEX deal_seller_idx ON deal (seller_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX deal_buyer_idx ON deal (buyer_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX deal_held_idx ON deal (confirmed_at) WHERE status = 'confirmed' AND NOT counts`);
    await queryRunner.query(`
      CREATE TABLE review (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        deal_id uuid NOT NULL REFERENCES deal (id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        subject_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
        text text,
        tags text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        shown_at timestamptz NOT NULL,
        counted boolean NOT NULL DEFAULT false,
        reply_text text,
        replied_at timestamptz,
        removed_reason text,
        removed_at timestamptz,
        UNIQUE (deal_id, author_id)
      )`);
    await queryRunner.query(`CREATE INDEX review_subject_idx ON review (subject_id, shown_at DESC) WHERE counted`);
    // Reviews whose 14 days have passed or will: the ratings' refresh finds them here.
    await queryRunner.query(`CREATE INDEX review_due_idx ON review (shown_at) WHERE NOT counted AND removed_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE review_report (
        review_id uuid NOT NULL REFERENCES review (id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason text NOT NULL,
        text text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (review_id, reporter_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE seller_rating (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        count int NOT NULL,
        average numeric(3, 2) NOT NULL,
        trusted boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX seller_rating_trusted_idx ON seller_rating (user_id) WHERE trusted`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE seller_rating, review_report, review, deal`);
  }
}
