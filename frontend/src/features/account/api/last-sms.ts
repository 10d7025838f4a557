import { useQuery } from '@tanstack/react-query';
import type { LastSms } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** How often the screen asks again while the SMS is on its way. */
const POLL_MS = 5_000;

/** `GET /api/auth/last-sms`: what became of the last password or code sent to the number. */
export function getLastSms(phoneNumber: string): Promise<LastSms> {
  return api.get<LastSms>(`/auth/last-sms?phoneNumber=${encodeURIComponent(phoneNumber)}`);
}

/** Polls while the last SMS has no outcome yet; `sentAt` starts a new watch for each SMS sent. */
export function useLastSms(phoneNumber: string, sentAt: number | null) {
  return useQuery({
    queryKey: ['auth', 'last-sms', phoneNumber, sentAt],
    queryFn: () => getLastSms(phoneNumber),
    enabled: sentAt !== null && phoneNumber !== '',
    refetchInterval: (query) => (query.state.data?.lastSms === 'delivered' || query.state.data?.lastSms === 'notDelivered' ? false : POLL_MS),
  });
}
