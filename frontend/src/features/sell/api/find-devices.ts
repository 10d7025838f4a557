import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Device, type FindDeviceResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `POST /api/phone/find-device`: the closest device names first, at most 20 of `count`. */
export function findDevices(name: string): Promise<FindDeviceResponse> {
  return api.post<FindDeviceResponse>('/phone/find-device', { name });
}

/** Searches once the seller has typed enough (spec section 5: at least 3 characters). */
export function useFindDevices(name: string) {
  return useQuery({
    queryKey: ['sell', 'find-device', name],
    queryFn: () => findDevices(name),
    enabled: name.length >= LIMITS.deviceSearchMin,
    placeholderData: (previous) => previous,
  });
}

/**
 * A device with its specs by id, for a draft or an edit: the listing names its device, and the
 * catalogue is searched by that name (there is no device-by-id call).
 */
export async function findDeviceById(name: string, id: string): Promise<Device | undefined> {
  if (name.trim().length < LIMITS.deviceSearchMin) return undefined;
  const { devices } = await findDevices(name);
  return devices.find((device) => device._id === id);
}
