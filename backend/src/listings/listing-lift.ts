import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A promotion's lift (issue 39): the listing's feed date becomes now, in the buyer's transaction. */
@Injectable()
export class ListingLift {
  /** False when the listing is not on sale: nothing is lifted. */
  async lift(transaction: EntityManager, listingId: string): Promise<boolean> {
    const [, lifted]: [unknown, number] = await transaction.query(
      `UPDATE listing SET created_at = now() WHERE id = $1 AND status = 'active' AND deleted_at IS NULL`,
      [listingId],
    );
    return lifted === 1;
  }
}
