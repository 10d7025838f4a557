import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Edits that keep a listing on sale (issue 19): when a seller last changed an approved listing's
 * price, description, contact or delivery, for the moderators' queue; and whether an off-sale
 * listing's device, photos or condition changed, so that putting it back on sale needs a review.
 */
export class ListingEditsOnSale1763801400000 implements MigrationInterface {
  name = 'ListingEditsOnSale1763801400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE listing ADD COLUMN edited_at timestamptz, ADD COLUMN review_due boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE listing DROP COLUMN edited_at, DROP COLUMN review_due`);
  }
}
