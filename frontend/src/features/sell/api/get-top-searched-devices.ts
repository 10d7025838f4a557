import { useQuery } from '@tanstack/react-query';
import type { Device } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/phone/top-searched-devices`: the devices sellers pick most, offered before anything is typed. */
export function getTopSearchedDevices(): Promise<Device[]> {
  return api.get<Device[]>('/phone/top-searched-devices');
}

export function useTopSearchedDevices() {
  return useQuery({ queryKey: ['sell', 'top-searched-devices'], queryFn: getTopSearchedDevices, staleTime: 5 * 60_000 });
}
