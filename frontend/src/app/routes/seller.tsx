import { useParams } from 'react-router-dom';
import { ListingCard } from '../../features/listings/components/listing-card';
import { regionLabel } from '../../features/listings/format';
import { SellerPage } from '../../features/sellers';
import { currentLanguage } from '../../lib/i18n';

/** /seller/{id}: the sellers feature's page with the listings feature's cards. */
function SellerRoute() {
  const { id = '' } = useParams();
  return (
    <SellerPage
      key={id}
      sellerId={id}
      renderCard={(listing) => <ListingCard listing={listing} hideSeller />}
      regionName={(region) => regionLabel(region, currentLanguage())}
    />
  );
}

export { SellerRoute as Component };
