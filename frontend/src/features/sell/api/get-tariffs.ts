import { useQuery } from '@tanstack/react-query';
import type { OfferedTariffs } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/phone/tariffs`: the channels each tariff posts to, as the site is set up. */
export function getOfferedTariffs(): Promise<OfferedTariffs> {
  return api.get<OfferedTariffs>('/phone/tariffs');
}

export function useOfferedTariffs() {
  // The channels are set up with the server's configuration: fixed for its lifetime.
  return useQuery({ queryKey: ['sell', 'tariffs'], queryFn: getOfferedTariffs, staleTime: Infinity });
}
