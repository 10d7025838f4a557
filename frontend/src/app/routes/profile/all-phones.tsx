import { ListingCard } from '../../../features/listings/components/listing-card';
import { Pager } from '../../../components/pager';
import { ModerationPage } from '../../../features/moderation';
import { ReputationQueue } from '../../../features/reputation';

/** Composes the moderation page with the listings feature's card and pager, and the reviews and deals held for the moderators. */
function AllPhonesRoute() {
  return (
    <>
      <ModerationPage Card={ListingCard} Pager={Pager} />
      <ReputationQueue />
    </>
  );
}

export { AllPhonesRoute as Component };
