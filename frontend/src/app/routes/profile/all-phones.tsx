import { ListingCard } from '../../../features/listings/components/listing-card';
import { Pager } from '../../../components/pager';
import { ReportedConversationsLink } from '../../../features/conversations';
import { ModerationPage } from '../../../features/moderation';
import { ReputationQueue } from '../../../features/reputation';

/**
 * Composes the moderation page with the listings feature's card and pager, the way to the reported
 * conversations, and the reviews and deals held for the moderators.
 */
function AllPhonesRoute() {
  return (
    <>
      <ModerationPage Card={ListingCard} Pager={Pager} aside={<ReportedConversationsLink />} />
      <ReputationQueue />
    </>
  );
}

export { AllPhonesRoute as Component };
