import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type ApproveListing, type ModerationOutcome, type ModerationQueue, type SocialChannel } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import {
  DecisionUndone,
  MODERATION_MUTATION_KEY,
  refreshAfterLastDecision,
  useDecisionCallbacks,
  type DecisionVariables,
} from '../hooks/use-decision-callbacks';
import { toast } from '../../../lib/toast';
import { moderationQueueKey, type ModerationQueueParams } from './get-moderation-queue';
import { undoable } from './undoable';
import { withListing } from './moderation-cache';

/**
 * `POST /api/phone/confirm {id, channel?}` (admins): a listing awaiting a decision becomes
 * active; an active tariff-1 listing is queued on `channel`, or on every channel it is not
 * posted to yet.
 */
export function confirmListing(body: ApproveListing): Promise<ModerationOutcome> {
  // Sent as the page closes when the admin leaves during the undo notice: `keepalive` lets it outlive the page.
  return api.post<ModerationOutcome>('/phone/confirm', body, { keepalive: true });
}

/**
 * 'Tasdiqlash': the card leaves its tab for 'active' at once, and the approval is sent once its
 * undo notice lapses. The wait is inside the mutation, so a refresh still comes after the last
 * of several quick decisions; an undo fails it with `DecisionUndone`, which brings the card back.
 */
export function useApproveListing(params: ModerationQueueParams) {
  const callbacks = useDecisionCallbacks(params, 'approve');
  const { t } = useTranslation('moderation');
  return useMutation({
    ...callbacks,
    mutationFn: async ({ card }: DecisionVariables) => {
      if (await undoable(t('approved', { name: card.name }), t('undo'), LIMITS.approvalUndoMs)) throw new DecisionUndone();
      return confirmListing({ id: card._id });
    },
  });
}

/** A channel's Post button: that channel only; the card stays and shows its channels' new states. */
export function usePublishListing(params: ModerationQueueParams) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('moderation');
  return useMutation({
    mutationKey: MODERATION_MUTATION_KEY,
    mutationFn: ({ card, channel }: DecisionVariables & { channel: SocialChannel }) => confirmListing({ id: card._id, channel }),
    onSuccess: ({ status, posts }, { card }) =>
      queryClient.setQueryData<ModerationQueue>(moderationQueueKey(params), (queue) => queue && withListing(queue, card._id, { status, posts })),
    onError: (error, { card }) => toast.error(t('publishFailed', { name: card.name, reason: errorText(error) })),
    onSettled: () => refreshAfterLastDecision(queryClient),
  });
}
