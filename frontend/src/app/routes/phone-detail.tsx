import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ListingDetailPage, type OwnerNoticeSlot } from '../../features/listings/components/listing-detail-page';
import { lazyWhenOnline } from '../../lib/load-chunk';

const ManagerNotice = lazyWhenOnline(() => import('../manager-notice'));

const ownerNotice: OwnerNoticeSlot = (listing, owner) => (
  <Suspense fallback={null}>
    <ManagerNotice listing={listing} owner={owner} />
  </Suspense>
);

function PhoneDetailRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the previous listing (revealed contact, slider position) carries over.
  return <ListingDetailPage key={id} id={id} ownerNotice={ownerNotice} />;
}

export { PhoneDetailRoute as Component };
