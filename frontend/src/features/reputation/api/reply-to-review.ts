import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { DEALS_KEY } from './get-deals';

/** `POST /api/reviews/{id}/reply`: the reviewed person's one answer. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => api.post<Review>(`/reviews/${encodeURIComponent(id)}/reply`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEALS_KEY }),
  });
}
