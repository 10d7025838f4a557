import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationQueue } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { MODERATION_MUTATION_KEY, refreshAfterLastDecision, type DecisionVariables } from '../hooks/use-decision-callbacks';
import { moderationQueueKey, type ModerationQueueParams } from './get-moderation-queue';

/**
 * 'Ko'rib chiqildi' on a listing on sale in the waiting tab for its seller's flagged messages
 * (`POST /api/phone/{id}/messages-looked`): the card leaves the tab, the listing stays on sale.
 */
export function useMessagesLooked(params: ModerationQueueParams) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('moderation');
  return useMutation({
    mutationKey: MODERATION_MUTATION_KEY,
    mutationFn: ({ card }: DecisionVariables) => api.post<void>(`/phone/${card._id}/messages-looked`),
    onSuccess: (_, { card }) =>
      queryClient.setQueryData<ModerationQueue>(
        moderationQueueKey(params),
        (queue) =>
          queue && { ...queue, phones: queue.phones.filter((shown) => shown._id !== card._id), counts: { ...queue.counts, waiting: Math.max(0, queue.counts.waiting - 1) } },
      ),
    onError: (error, { card }) => toast.error(t('decisionFailed', { name: card.name, reason: errorText(error) })),
    onSettled: () => refreshAfterLastDecision(queryClient),
  });
}
