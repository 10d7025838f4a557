import { needsReview } from '@market/contracts';
import { uploadedImageIds, useWizardStore } from '../stores/wizard-store';
import { reviewedOf } from '../wizard-form';

/** What saving the edit does to an approved listing, as the lifecycle says; null for anything else. */
export type EditOutcome = 'staysOnSale' | 'backToReview' | 'staysOffSale' | 'reviewWhenBack' | null;

/**
 * For an edit of an approved listing: whether the changes so far touch what moderation
 * approved (the lifecycle's 'edit' rather than 'amend'), and so where the listing will be.
 */
export function useEditOutcome(): EditOutcome {
  return useWizardStore((state) => {
    if (!state.approved) return null;
    const reviewed = needsReview(state.approved.reviewed, reviewedOf(state.values, uploadedImageIds(state.photos)));
    if (state.approved.onSale) return reviewed ? 'backToReview' : 'staysOnSale';
    return reviewed ? 'reviewWhenBack' : 'staysOffSale';
  });
}
