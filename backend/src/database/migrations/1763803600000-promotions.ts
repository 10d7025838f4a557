import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Promotion (issue 39): what sellers bought for their listings, and the prices admins set. */
export class Promotions1763803600000 implements MigrationInterface {
  name = 'Promotions1763803600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Purchases are financial records, like the ledger's entries: a listing is only ever soft-deleted.
    await queryRunner.query(`
      CREATE TABLE promotion (
        id uuid PRIMARY KEY,
        listing_id uuid NOT NULL REFERENCES listing (id),
        buyer_id uuid NOT NULL REFERENCES users (id),
        product text NOT NULL CHECK (product IN ('lift', 'top3', 'top7', 'channelRepost')),
        price bigint NOT NULL CHECK (price > 0),
        state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'refunded')),
        starts_at timestamptz NOT NULL DEFAULT now(),
        ends_at timestamptz,
        refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= price),
        views_before int NOT NULL DEFAULT 0,
        contact_reveals_before int NOT NULL DEFAULT 0,
        CHECK ((product IN ('top3', 'top7')) = (ends_at IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX promotion_listing_idx ON promotion (listing_id, starts_at DESC)`);
    // One TOP and one repost waiting per listing at a time; the feed's TOP places read the running TOPs.
    await queryRunner.query(`CREATE UNIQUE INDEX promotion_running_top_key ON promotion (listing_id) WHERE state = 'running' AND product IN ('top3', 'top7')`);
    await queryRunner.query(`CREATE UNIQUE INDEX promotion_running_repost_key ON promotion (listing_id) WHERE state = 'running' AND product = 'channelRepost'`);
    await queryRunner.query(`CREATE INDEX promotion_running_idx ON promotion (product, ends_at) INCLUDE (listing_id, starts_at) WHERE state = 'running'`);
    await queryRunner.query(`
      CREATE TABLE promotion_price (
        product text PRIMARY KEY CHECK (product IN ('lift', 'top3', 'top7', 'channelRepost')),
        price bigint NOT NULL CHECK (price > 0),
        set_by uuid NOT NULL REFERENCES users (id),
        set_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The ledger names each purchase by its product's kind, and the refunds.
    await queryRunner.query(`ALTER TABLE balance_entry DROP CONSTRAINT balance_entry_kind_check`);
    await queryRunner.query(`ALTER TABLE balance_entry DROP CONSTRAINT balance_entry_check`);
    await queryRunner.query(`
      ALTER TABLE balance_entry ADD CONSTRAINT balance_entry_kind_amount_check CHECK (
        (kind IN ('topUp', 'promotionRefund') AND amount > 0)
        OR (kind IN ('listingCharge', 'liftCharge', 'top3Charge', 'top7Charge', 'channelRepostCharge') AND amount < 0))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM balance_entry WHERE kind NOT IN ('topUp', 'listingCharge')`);
    await queryRunner.query(`ALTER TABLE balance_entry DROP CONSTRAINT balance_entry_kind_amount_check`);
    await queryRunner.query(`ALTER TABLE balance_entry ADD CONSTRAINT balance_entry_kind_check CHECK (kind IN ('topUp', 'listingCharge'))`);
    await queryRunner.query(`
      ALTER TABLE balance_entry ADD CONSTRAINT balance_entry_check
        CHECK ((kind = 'topUp' AND amount > 0) OR (kind = 'listingCharge' AND amount < 0))`);
    await queryRunner.query(`DROP TABLE promotion_price`);
    await queryRunner.query(`DROP TABLE promotion`);
  }
}
