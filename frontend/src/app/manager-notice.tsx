import type { ListingDetailResponse } from '@market/contracts';
import { ListingModeration } from '../features/moderation';
import { PaymentMethodPicker } from '../features/payments';
import { ListingPromotions, type RenderTopUpDialog } from '../features/promotions';
import { useSession } from '../lib/auth';
import { OwnerNotice } from './owner-notice';

const topUpDialog: RenderTopUpDialog = (props) => <PaymentMethodPicker {...props} />;

/**
 * The seller sees where their listing stands and its promotions (issue 39); an admin opening anyone
 * else's listing sees the moderation bar (issue 35). Its own chunk (with the payments' card form and
 * the moderation bar): only the author and the admins get here, not the visitors of a listing.
 */
export default function ManagerNotice({ listing, owner }: { listing: ListingDetailResponse; owner: NonNullable<ListingDetailResponse['owner']> }) {
  const { isAdmin, user } = useSession();
  if (isAdmin && user?._id !== listing.author._id) return <ListingModeration id={listing._id} />;
  return (
    <>
      <OwnerNotice id={listing._id} status={listing.status} rejectionReason={owner.rejectionReason} views={listing.views} />
      {listing.status !== 'draft' && <ListingPromotions listingId={listing._id} onSale={listing.status === 'active'} topUpDialog={topUpDialog} />}
    </>
  );
}
