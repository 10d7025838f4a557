import { useParams } from 'react-router-dom';
import type { ListingDetailResponse } from '@market/contracts';
import { ListingDetailPage, type OwnerNoticeSlot } from '../../features/listings/components/listing-detail-page';
import { ListingModeration } from '../../features/moderation';
import { PaymentMethodPicker } from '../../features/payments';
import { ListingPromotions, type RenderTopUpDialog } from '../../features/promotions';
import { useSession } from '../../lib/auth';
import { OwnerNotice } from '../owner-notice';

/** The seller sees where their listing stands and its promotions (issue 39); an admin opening anyone else's listing sees the moderation bar (issue 35). */
function ManagerNotice({ listing, owner }: { listing: ListingDetailResponse; owner: NonNullable<ListingDetailResponse['owner']> }) {
  const { isAdmin, user } = useSession();
  if (isAdmin && user?._id !== listing.author._id) return <ListingModeration id={listing._id} />;
  return (
    <>
      <OwnerNotice id={listing._id} status={listing.status} rejectionReason={owner.rejectionReason} views={listing.views} />
      {listing.status !== 'draft' && <ListingPromotions listingId={listing._id} onSale={listing.status === 'active'} topUpDialog={topUpDialog} />}
    </>
  );
}

const topUpDialog: RenderTopUpDialog = (props) => <PaymentMethodPicker {...props} />;

const ownerNotice: OwnerNoticeSlot = (listing, owner) => <ManagerNotice listing={listing} owner={owner} />;

function PhoneDetailRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the previous listing (revealed contact, slider position) carries over.
  return <ListingDetailPage key={id} id={id} ownerNotice={ownerNotice} />;
}

export { PhoneDetailRoute as Component };
