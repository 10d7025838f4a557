import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationOutcome, ModerationQueue } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import {
  MODERATION_MUTATION_KEY,
  refreshAfterLastDecision,
  useDecisionCallbacks,
  type DecisionVariables,
} from '../hooks/use-decision-callbacks';
import { toast } from '../../../lib/toast';
import { moderationQueueKey, type ModerationQueueParams } from './get-moderation-queue';
import { withListing } from './moderation-cache';

/**
 * `POST /api/phone/confirm {id}` (admins): a listing awaiting a decision becomes active; an
 * active tariff-1 listing is queued on every channel it is not posted to yet.
 */
export function confirmListing(id: string): Promise<ModerationOutcome> {
  return api.post<ModerationOutcome>('/phone/confirm', { id });
}

/** 'Tasdiqlash': the card leaves its tab for 'active' at once. */
export function useApproveListing(params: ModerationQueueParams) {
  const callbacks = useDecisionCallbacks(params, 'approve');
  return useMutation({ ...callbacks, mutationFn: ({ card }: DecisionVariables) => confirmListing(card._id) });
}

/** A channel's Post button: the card stays and shows its channels' new states. */
export function usePublishListing(params: ModerationQueueParams) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('moderation');
  return useMutation({
    mutationKey: MODERATION_MUTATION_KEY,
    mutationFn: ({ card }: DecisionVariables) => confirmListing(card._id),
    onSuccess: ({ status, posts }, { card }) =>
      queryClient.setQueryData<ModerationQueue>(moderationQueueKey(params), (queue) => queue && withListing(queue, card._id, { status, posts })),
    onError: (error, { card }) => toast.error(t('publishFailed', { name: card.name, reason: errorText(error, t) })),
    onSettled: () => refreshAfterLastDecision(queryClient),
  });
}
