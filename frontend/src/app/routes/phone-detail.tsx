import { useParams } from 'react-router-dom';
import { ListingDetailPage, type OwnerNoticeSlot } from '../../features/listings/components/listing-detail-page';
import { OwnerNotice } from '../owner-notice';

const ownerNotice: OwnerNoticeSlot = (listing, owner) => (
  <OwnerNotice id={listing._id} status={listing.status} rejectionReason={owner.rejectionReason} />
);

function PhoneDetailRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the previous listing (revealed contact, slider position) carries over.
  return <ListingDetailPage key={id} id={id} ownerNotice={ownerNotice} />;
}

export { PhoneDetailRoute as Component };
