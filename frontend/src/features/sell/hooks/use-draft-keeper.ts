import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../../components/form/form-error';
import { MY_LISTINGS_KEY } from '../api/get-my-listings';
import { saveDraft } from '../api/save-draft';
import { uploadedImageIds, useWizardStore } from '../stores/wizard-store';
import { listingDraftInput } from '../wizard-form';

/**
 * Keeps an unfinished new listing on the server as a draft with the step reached (spec
 * section 4): saved as the seller moves between steps, when the page is hidden (the phone
 * switches apps) and when the seller leaves the wizard. Nothing is kept before a device is
 * chosen, for an edit, or once the listing is posted. Saves run one after another, so the
 * first creates the draft and the next ones update it.
 */
export function useDraftKeeper(isAdmin: boolean): () => void {
  const { t } = useTranslation('sell');
  const queryClient = useQueryClient();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const lastSaved = useRef<string | null>(null);

  const keepDraft = useCallback(() => {
    const { mode, finished, values, photos, step } = useWizardStore.getState();
    if (mode !== 'create' || finished || !values.device) return;
    const form = listingDraftInput(values, { isAdmin, images: uploadedImageIds(photos), step });
    const snapshot = JSON.stringify(form);
    if (snapshot === lastSaved.current) return;
    lastSaved.current = snapshot;
    queue.current = queue.current.then(async () => {
      // Read when the save runs: the save before it may just have created the draft.
      const state = useWizardStore.getState();
      if (state.finished) return;
      try {
        const saved = await saveDraft(state.listingId, form);
        if (!useWizardStore.getState().listingId) state.setDraftId(saved._id);
        void queryClient.invalidateQueries({ queryKey: MY_LISTINGS_KEY });
      } catch (error) {
        lastSaved.current = null;
        toast.error(`${t('draft.notKept')} ${errorText(error, t)}`, { toastId: 'draft-not-kept' });
      }
    });
  }, [isAdmin, queryClient, t]);

  useEffect(() => {
    const whenHidden = () => document.visibilityState === 'hidden' && keepDraft();
    document.addEventListener('visibilitychange', whenHidden);
    return () => {
      document.removeEventListener('visibilitychange', whenHidden);
      keepDraft();
    };
  }, [keepDraft]);

  return keepDraft;
}
