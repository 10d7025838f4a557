import { ListingCard } from '../../../features/listings/components/listing-card';
import { MyListingsPage as SellerListings } from '../../../features/sell/components/my-listings-page';

/** /profile: the seller's listings (sell feature) drawn with the listings feature's card. */
function MyListingsPage() {
  return <SellerListings renderCard={(listing, actions) => <ListingCard listing={listing} actions={actions} hideSeller />} />;
}

export { MyListingsPage as Component };
