import { useParams } from 'react-router-dom';
import { ListingDetailPage } from '../../features/listings/components/listing-detail-page';

function PhoneDetailRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the previous listing (revealed contact, slider position) carries over.
  return <ListingDetailPage key={id} id={id} />;
}

export { PhoneDetailRoute as Component };
