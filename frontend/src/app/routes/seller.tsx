import { useParams } from 'react-router-dom';
import { ListingCard } from '../../features/listings/components/listing-card';
import { regionLabel } from '../../features/listings/format';
import { AllReviews, SellerSignals } from '../../features/reputation';
import { SellerPage } from '../../features/sellers';
import { useSession } from '../../lib/auth/session';
import { currentLanguage } from '../../lib/i18n';

/** /seller/{id}: the sellers feature's page with the listings feature's cards and the reputation feature's signals and reviews. */
function SellerRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  return (
    <SellerPage
      key={id}
      sellerId={id}
      renderCard={(listing) => <ListingCard listing={listing} hideSeller />}
      regionName={(region) => regionLabel(region, currentLanguage())}
      signals={
        <>
          <SellerSignals sellerId={id} own={user?._id === id} latest={false} />
          <AllReviews sellerId={id} />
        </>
      }
    />
  );
}

export { SellerRoute as Component };
