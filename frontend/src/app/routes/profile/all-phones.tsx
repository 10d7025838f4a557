import { ListingCard } from '../../../features/listings/components/listing-card';
import { Pager } from '../../../components/pager';
import { ModerationPage } from '../../../features/moderation';

/** Composes the moderation page with the listings feature's card and pager. */
function AllPhonesRoute() {
  return <ModerationPage Card={ListingCard} Pager={Pager} />;
}

export { AllPhonesRoute as Component };
