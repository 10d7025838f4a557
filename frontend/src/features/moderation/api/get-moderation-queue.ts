import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingStatus, ModerationQueue } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { hasQueuedPost } from './moderation-cache';

/**
 * Under the listings prefix (`['listings']`, the listings feature's key): a decision
 * invalidates that prefix, which refreshes this queue, the home list and the detail pages at once.
 */
export const MODERATION_QUEUE_KEY = ['listings', 'moderation'] as const;

const QUEUED_POST_REFRESH_MS = 3_000;

export interface ModerationQueueParams {
  status: ListingStatus;
  /** 1-based. */
  page: number;
}

export function moderationQueueKey({ status, page }: ModerationQueueParams) {
  return [...MODERATION_QUEUE_KEY, status, page] as const;
}

/** `GET /api/phone/waiting?status=&page=` (admins): one tab's page (awaiting a decision oldest first, 'active' newest first) and every tab's count. */
export function getModerationQueue({ status, page }: ModerationQueueParams): Promise<ModerationQueue> {
  return api.get<ModerationQueue>(`/phone/waiting?${new URLSearchParams({ status, page: String(page) })}`);
}

export function useModerationQueue(params: ModerationQueueParams) {
  return useQuery({
    queryKey: moderationQueueKey(params),
    queryFn: () => getModerationQueue(params),
    // The tabs keep their counts while another tab or page loads.
    placeholderData: keepPreviousData,
    // Admins watch a requested channel post go from queued to posted (or failed) without reloading.
    refetchInterval: (query) => (hasQueuedPost(query.state.data) ? QUEUED_POST_REFRESH_MS : false),
  });
}
