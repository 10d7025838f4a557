import { useSearchParams } from 'react-router-dom';
import { categoriesQuery } from '../../../features/catalogue';
import { PaymentMethodPicker } from '../../../features/payments';
import { ListingWizardPage } from '../../../features/sell/components/listing-wizard';

/** /profile/phone/add: a new listing, or with `?draft=<id>` a draft resumed at its step. */
function AddListingPage() {
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  // A new key per draft: switching drafts (or to a new listing) opens a fresh wizard.
  return (
    <ListingWizardPage
      key={draftId ?? 'new'}
      target={{ mode: 'create', draftId }}
      topUpDialog={(props) => <PaymentMethodPicker {...props} />}
      brandsQuery={categoriesQuery}
    />
  );
}

export { AddListingPage as Component };
