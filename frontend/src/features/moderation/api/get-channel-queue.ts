import { useQuery } from '@tanstack/react-query';
import type { ChannelQueue } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { MODERATION_QUEUE_KEY } from './get-moderation-queue';

/** Under the moderation prefix: a decision or a retry refreshes it with the cards. */
export const CHANNEL_QUEUE_KEY = [...MODERATION_QUEUE_KEY, 'channels'] as const;
/** The line moves as the workers post: admins watch it without reloading. */
const CHANNEL_QUEUE_REFRESH_MS = 10_000;

/** `GET /api/phone/channel-queue` (admins): per channel, posts waiting, the next one's time, the latest failures. */
export function useChannelQueue() {
  return useQuery({
    queryKey: CHANNEL_QUEUE_KEY,
    queryFn: () => api.get<ChannelQueue>('/phone/channel-queue'),
    refetchInterval: CHANNEL_QUEUE_REFRESH_MS,
  });
}
