import type { ReadFragment } from '../database/read-fragment';
import { imageRefColumns, joinImage } from '../uploads/image-reads';

/**
 * How other modules' queries read `users`, read-only, so that its name and columns stay in this
 * module: each fragment joins the account by the caller's user-id column and selects only what it
 * names, never the number or anything private. It goes into the caller's own query (one round trip).
 */

/** What `sellerNameAndPicture` selects: the account's name and avatar, as a listing's page shows its seller. */
export interface SellerNameAndPicture {
  seller_name: string | null;
  seller_image_id: string | null;
  seller_image_location: string | null;
}

/** The public name and picture (SellerNameAndPicture) of the account whose id is `userId`, a column of the caller's. */
export function sellerNameAndPicture(userId: string): ReadFragment {
  return {
    join: `JOIN users seller ON seller.id = ${userId} ${joinImage('seller_image', 'seller.image_id', 'LEFT JOIN')}`,
    columns: `seller.name AS seller_name, ${imageRefColumns('seller_image', 'seller_image_')}`,
  };
}

/** The public name (`<alias>_name`) of the account whose id is `userId`, under its own alias: a query may name several people. */
export function accountName(userId: string, alias: string): ReadFragment {
  return { join: `JOIN users ${alias} ON ${alias}.id = ${userId}`, columns: `${alias}.name AS ${alias}_name` };
}

/** The role (`account_role`) of the account whose id is `userId`: a session's user, on every signed-in request. */
export function accountRole(userId: string): ReadFragment {
  return { join: `JOIN users account ON account.id = ${userId}`, columns: 'account.role AS account_role' };
}

/** When the account whose id is `userId` was created (`<alias>_created_at`), under its own alias: the trust checks weigh young accounts. */
export function accountCreated(userId: string, alias: string): ReadFragment {
  return { join: `JOIN users ${alias} ON ${alias}.id = ${userId}`, columns: `${alias}.created_at AS ${alias}_created_at` };
}
