import { useQuery } from '@tanstack/react-query';
import type { DealCandidates } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/deals/candidates/{listingId}`: who the sale can name as its buyer (they wrote and got an answer). */
export function useDealCandidates(listingId: string) {
  return useQuery({ queryKey: ['deal-candidates', listingId], queryFn: () => api.get<DealCandidates>(`/deals/candidates/${encodeURIComponent(listingId)}`) });
}
