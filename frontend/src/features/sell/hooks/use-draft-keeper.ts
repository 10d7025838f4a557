import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { errorText } from '../../../components/form/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { MY_LISTINGS_KEY } from '../api/get-my-listings';
import { saveDraft } from '../api/save-draft';
import { uploadedImageIds, useWizardStore } from '../stores/wizard-store';
import { listingDraftInput } from '../wizard-form';

/** Draft saves run one after another, so the first creates the draft and the next ones update it. */
let pendingSaves: Promise<void> = Promise.resolve();

/** Resolves once every draft save asked for so far has ended: posting then finishes that draft, not a second listing. */
export function draftSavesSettled(): Promise<void> {
  return pendingSaves;
}

/**
 * Keeps an unfinished new listing on the server as a draft with the step reached (spec
 * section 4): saved as the seller moves between steps, when the page is hidden (the phone
 * switches apps) and when the seller leaves the wizard. Nothing is kept before a device is
 * chosen, for an edit, or once the listing is posted.
 */
export function useDraftKeeper(isAdmin: boolean): () => void {
  const { t } = useTranslation('sell');
  const queryClient = useQueryClient();
  const lastSaved = useRef<string | null>(null);
  // This opening of the wizard and its draft: a save still queued when the seller has opened
  // another wizard must neither read nor change that one's state.
  const session = useRef(useWizardStore.getState().session);
  const draftId = useRef(useWizardStore.getState().listingId);
  const newListingId = useRef(useWizardStore.getState().newListingId);

  const keepDraft = useCallback(() => {
    const { session: current, mode, finished, values, photos, step } = useWizardStore.getState();
    if (current !== session.current || mode !== 'create' || finished || !values.device) return;
    const form = listingDraftInput(values, { isAdmin, images: uploadedImageIds(photos), step });
    const snapshot = JSON.stringify(form);
    if (snapshot === lastSaved.current) return;
    lastSaved.current = snapshot;
    pendingSaves = pendingSaves.then(async () => {
      const ours = () => useWizardStore.getState().session === session.current;
      if (ours() && useWizardStore.getState().finished) return;
      try {
        // Read when the save runs: the save before it may just have created the draft.
        const saved = await saveDraft(draftId.current, newListingId.current, form);
        draftId.current = saved._id;
        if (ours()) useWizardStore.getState().setDraftId(saved._id);
        void queryClient.invalidateQueries({ queryKey: MY_LISTINGS_KEY });
      } catch (error) {
        lastSaved.current = null;
        toast.error(`${t('draft.notKept')} ${errorText(error)}`, { toastId: 'draft-not-kept' });
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
