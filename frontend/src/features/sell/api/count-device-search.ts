import type { SearchedDeviceCount } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/phone/searched-user-count/?id=`: counts the seller's pick towards the device's popularity. */
export function countDeviceSearch(deviceId: string): Promise<SearchedDeviceCount> {
  return api.get<SearchedDeviceCount>(`/phone/searched-user-count/?id=${encodeURIComponent(deviceId)}`);
}
