import { useMutation } from '@tanstack/react-query';
import type { ListingReport, ListingStatusChanged } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `POST /api/phone/{id}/report`: one report per buyer and listing. */
export function useReportListing(id: string) {
  return useMutation({
    mutationFn: (report: ListingReport) => api.post<ListingStatusChanged>(`/phone/${encodeURIComponent(id)}/report`, report),
  });
}
