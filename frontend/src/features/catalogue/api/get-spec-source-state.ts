import { useQuery } from '@tanstack/react-query';
import type { SpecSourcePacingState } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** How the workers' spec refresh is asking GSMArena (admins). */
export function getSpecSourceState(): Promise<SpecSourcePacingState> {
  return api.get<SpecSourcePacingState>('/phone/device-spec-source');
}

export function useSpecSourceState() {
  return useQuery({ queryKey: ['device-spec-source'], queryFn: getSpecSourceState, refetchInterval: 60_000 });
}
