import { useParams } from 'react-router-dom';
import { categoriesQuery } from '../../../features/catalogue';
import { PaymentMethodPicker } from '../../../features/payments';
import { ListingWizardPage } from '../../../features/sell/components/listing-wizard';

/** /profile/phone/edit/{id}: the wizard loaded with the listing, saved with PUT. */
function EditListingPage() {
  const { id = '' } = useParams();
  return (
    <ListingWizardPage
      key={id}
      target={{ mode: 'edit', listingId: id }}
      topUpDialog={(props) => <PaymentMethodPicker {...props} />}
      brandsQuery={categoriesQuery}
    />
  );
}

export { EditListingPage as Component };
