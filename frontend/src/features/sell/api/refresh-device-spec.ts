import type { DeviceSpecRefresh } from '@market/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/phone/update-device-spec`: reads a device's specs from the spec source. The answer
 * carries a translated `message` when the refresh failed or is still running.
 */
export function refreshDeviceSpec(deviceId: string): Promise<DeviceSpecRefresh> {
  return api.post<DeviceSpecRefresh>('/phone/update-device-spec', { id: deviceId });
}
