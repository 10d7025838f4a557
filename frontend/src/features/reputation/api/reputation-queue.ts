import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, ReputationQueue } from '@market/contracts';
import { api } from '../../../lib/api-client';

const QUEUE_KEY = ['reputation-queue'] as const;

/** `GET /api/moderation/reputation`: deals held as linked accounts, reported reviews. */
export function useReputationQueue() {
  return useQuery({ queryKey: QUEUE_KEY, queryFn: () => api.get<ReputationQueue>('/moderation/reputation') });
}

/** `POST /api/moderation/deals/{id}/clear` and `POST /api/moderation/reviews/{id}/remove {reason}`. */
export function useReputationDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { clearDeal: string } | { removeReview: string; reason: string }) =>
      'clearDeal' in decision
        ? api.post<MessageResponse>(`/moderation/deals/${encodeURIComponent(decision.clearDeal)}/clear`)
        : api.post<MessageResponse>(`/moderation/reviews/${encodeURIComponent(decision.removeReview)}/remove`, { reason: decision.reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}
