import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingSaved } from '@market/contracts';
import { useSession } from '../../../lib/auth';
import { createListing } from '../api/create-listing';
import { updateListing } from '../api/update-listing';
import { draftSavesSettled } from './use-draft-keeper';
import { uploadedImageIds, useWizardStore } from '../stores/wizard-store';
import { listingFormInput } from '../wizard-form';
import { LAST_STEP } from '../wizard-steps';

/**
 * 'E'lon berish': posts the new listing (finishing its draft) or saves the edit. The tariff's
 * cost the server took comes off the balance shown in the top bar; the contact details go to
 * the profile shown here when the seller asked for it.
 */
export function useSubmitListing(isAdmin: boolean) {
  const { user, setUser, addToBalance } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ListingSaved> => {
      await draftSavesSettled();
      const { mode, listingId, newListingId, values, photos } = useWizardStore.getState();
      const form = listingFormInput(values, {
        isAdmin,
        images: uploadedImageIds(photos),
        step: LAST_STEP,
        // The draft kept under this id is finished, or the listing posted under it; sent twice, it posts one.
        draftId: mode === 'create' ? newListingId : null,
      });
      return mode === 'edit' ? updateListing(listingId!, form) : createListing(form);
    },
    onSuccess: (saved) => {
      const { values, finish } = useWizardStore.getState();
      if (user && values.updateProfile) {
        setUser({
          ...user,
          name: values.authorName.trim() || user.name,
          telegramUsername: values.telegramUsername.trim().replace(/^@/, '') || user.telegramUsername,
        });
      }
      addToBalance(-saved.charged);
      finish({ message: saved.message, status: saved.status });
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
  });
}
