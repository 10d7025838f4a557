import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal, WriteReview } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { DEALS_KEY } from './get-deals';

/** `POST /api/deals/{id}/review`. */
export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...review }: WriteReview & { id: string }) => api.post<Deal>(`/deals/${encodeURIComponent(id)}/review`, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEALS_KEY }),
  });
}
