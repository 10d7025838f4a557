import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { DEALS_KEY } from './get-deals';

/** `POST /api/deals/{id}/confirm`: "Ha, men sotib oldim" or not. */
export function useConfirmDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bought }: { id: string; bought: boolean }) => api.post<Deal>(`/deals/${encodeURIComponent(id)}/confirm`, { bought }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEALS_KEY }),
  });
}
