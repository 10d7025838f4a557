import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ModeratorThreadPage, ReportedConversationPage } from '@market/contracts';
import { api } from '../../../lib/api-client';

// Not under the conversations' key: reconnecting the live connection reads those again, and each read of a thread here is recorded.
const REPORTED_KEY = ['reported-conversations'] as const;

/** `GET /api/admin/conversations/reported?page=` (moderators): reported conversations, the latest report first. */
export function useReportedConversations(page: number) {
  return useQuery({
    queryKey: [...REPORTED_KEY, 'list', page],
    queryFn: () => api.get<ReportedConversationPage>(`/admin/conversations/reported?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/admin/conversations/{id}/messages?before=` (moderators): a reported thread, read-only, with its listing
 * and its two people. The API
 * records every read, so each opening fetches once: nothing is kept after the page closes, nothing is
 * fetched again while it is open.
 */
export function useModeratorThread(id: string) {
  return useInfiniteQuery({
    queryKey: [...REPORTED_KEY, 'thread', id],
    queryFn: ({ pageParam }) => api.get<ModeratorThreadPage>(`/admin/conversations/${id}/messages${pageParam ? `?before=${pageParam}` : ''}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasOlder ? last.messages[0]?.id : undefined),
    staleTime: Infinity,
    gcTime: 0,
  });
}
