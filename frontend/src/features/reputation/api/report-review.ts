import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ReviewReport } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `POST /api/reviews/{id}/report`. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ id, ...report }: ReviewReport & { id: string }) => api.post<MessageResponse>(`/reviews/${encodeURIComponent(id)}/report`, report),
  });
}
