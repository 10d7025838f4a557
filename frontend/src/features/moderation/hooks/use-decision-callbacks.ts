import { useQueryClient } from '@tanstack/react-query';
import { statusAfter, type ListingStatus, type ModerationCard, type ModerationQueue } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { MODERATION_QUEUE_KEY, moderationQueueKey, type ModerationQueueParams } from '../api/get-moderation-queue';
import { withUndecidedListing, withoutDecidedListing } from '../api/moderation-cache';

/** Every moderation call carries this key, so a refresh waits until the last of several quick decisions. */
export const MODERATION_MUTATION_KEY = ['moderation'] as const;

/** The listings prefix: the queue, the home list, detail pages and the seller's list all hold a decided listing. */
const LISTINGS_PREFIX = ['listings'] as const;

export interface DecisionVariables {
  card: ModerationCard;
}

/** The moderator took the decision back before it was sent: nothing reached the server. */
export class DecisionUndone extends Error {}

interface DecisionContext {
  index: number;
  /** Where the card went; undefined when the decision does not apply to it and the page was left as it was. */
  status: ListingStatus | undefined;
}

/**
 * Approve and reject: the card leaves the tab at once for the one the lifecycle sends it to
 * and the counts move; if the call fails the card comes back where it was, with an error
 * toast, and if the decision was undone (`DecisionUndone`), without one. These are the mutation's own callbacks (not `mutate`'s), so they still run after the
 * card's buttons are gone.
 */
export function useDecisionCallbacks(params: ModerationQueueParams, decision: 'approve' | 'reject') {
  const queryClient = useQueryClient();
  const { t } = useTranslation('moderation');
  const key = moderationQueueKey(params);

  return {
    mutationKey: MODERATION_MUTATION_KEY,
    onMutate: async ({ card }: DecisionVariables): Promise<DecisionContext> => {
      // A refresh already on its way must not bring the card back.
      await queryClient.cancelQueries({ queryKey: MODERATION_QUEUE_KEY });
      const queue = queryClient.getQueryData<ModerationQueue>(key);
      const index = queue?.phones.findIndex((candidate) => candidate._id === card._id) ?? -1;
      const status = statusAfter(decision, card.status);
      if (queue && status) queryClient.setQueryData(key, withoutDecidedListing(queue, card._id, status));
      return { index: Math.max(index, 0), status };
    },
    onError: (error: Error, { card }: DecisionVariables, context: DecisionContext | undefined) => {
      const status = context?.status;
      if (status) queryClient.setQueryData<ModerationQueue>(key, (queue) => queue && withUndecidedListing(queue, card, context.index, status));
      if (!(error instanceof DecisionUndone)) toast.error(t('decisionFailed', { name: card.name, reason: errorText(error) }));
    },
    onSettled: () => refreshAfterLastDecision(queryClient),
  };
}

/** Reloads what a decision changed once no other decision is still running (it would be undone by the reload). */
export function refreshAfterLastDecision(queryClient: ReturnType<typeof useQueryClient>): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: MODERATION_MUTATION_KEY }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: LISTINGS_PREFIX });
}
