import { ListingCard } from '../../../features/listings/components/listing-card';
import { PaymentMethodPicker } from '../../../features/payments';
import { PromoteButton } from '../../../features/promotions';
import { MyListingsPage as SellerListings } from '../../../features/sell/components/my-listings-page';

/** /profile: the seller's listings (sell feature) drawn with the listings feature's card, a listing on sale with 'Reklama qilish' (issue 39). */
function MyListingsPage() {
  return (
    <SellerListings
      renderCard={(listing, actions) => (
        <ListingCard
          listing={listing}
          actions={
            <>
              {actions}
              {listing.status === 'active' && <PromoteButton listingId={listing._id} topUpDialog={(props) => <PaymentMethodPicker {...props} />} />}
            </>
          }
          hideSeller
        />
      )}
    />
  );
}

export { MyListingsPage as Component };
