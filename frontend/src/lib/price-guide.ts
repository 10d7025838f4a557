import { useQuery } from '@tanstack/react-query';
import type { PriceGuide, PriceGuideQuery } from '@market/contracts';
import { api } from './api-client';

/**
 * `GET /api/phone/price-guide`: what comparable phones cost, for the wizard's price step and a
 * listing's page. Nothing is asked before the model is known.
 */
export function usePriceGuide(query: Partial<PriceGuideQuery>) {
  const { device, storage, condition } = query;
  const search = new URLSearchParams({ device: device ?? '', ...(storage && { storage }), ...(condition && { condition }) });
  return useQuery({
    queryKey: ['price-guide', device, storage, condition],
    queryFn: () => api.get<PriceGuide>(`/phone/price-guide?${search}`),
    enabled: Boolean(device),
    staleTime: 10 * 60 * 1000,
  });
}
