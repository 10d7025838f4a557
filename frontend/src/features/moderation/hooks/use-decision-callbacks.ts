import { useQueryClient } from '@tanstack/react-query';
import type { ListingStatus, ModerationCard, ModerationQueue } from '@market/contracts';
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

interface DecisionContext {
  index: number;
}

/**
 * Approve and reject: the card leaves the tab at once and the counts move; if the call
 * fails the card comes back where it was, with an error toast. These are the mutation's own
 * callbacks (not `mutate`'s), so they still run after the card's buttons are gone.
 */
export function useDecisionCallbacks(params: ModerationQueueParams, nextStatus: ListingStatus) {
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
      if (queue) queryClient.setQueryData(key, withoutDecidedListing(queue, card._id, nextStatus));
      return { index: Math.max(index, 0) };
    },
    onError: (error: Error, { card }: DecisionVariables, context: DecisionContext | undefined) => {
      queryClient.setQueryData<ModerationQueue>(key, (queue) => queue && withUndecidedListing(queue, card, context?.index ?? 0, nextStatus));
      toast.error(t('decisionFailed', { name: card.name, reason: errorText(error, t) }));
    },
    onSettled: () => refreshAfterLastDecision(queryClient),
  };
}

/** Reloads what a decision changed once no other decision is still running (it would be undone by the reload). */
export function refreshAfterLastDecision(queryClient: ReturnType<typeof useQueryClient>): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: MODERATION_MUTATION_KEY }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: LISTINGS_PREFIX });
}
