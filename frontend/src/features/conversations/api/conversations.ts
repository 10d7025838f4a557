import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Conversation, ConversationMessage, ConversationPage, ConversationReport, MessagePage } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { MessageKeys } from './message-keys';

export const CONVERSATIONS_KEY = ['conversations'] as const;
const listKey = (page: number) => [...CONVERSATIONS_KEY, 'list', page] as const;
export const threadKey = (id: string) => [...CONVERSATIONS_KEY, 'thread', id] as const;

/** `GET /api/conversations?page=`: also the top bar's unread count (page 1). */
export function useConversations(page: number, enabled = true) {
  return useQuery({ queryKey: listKey(page), queryFn: () => api.get<ConversationPage>(`/conversations?page=${page}`), enabled });
}

/** `GET /api/conversations/{id}/messages?before=`: the latest page first, older ones as the reader scrolls up. */
export function useThread(id: string) {
  return useInfiniteQuery({
    queryKey: threadKey(id),
    queryFn: ({ pageParam }) => api.get<MessagePage>(`/conversations/${id}/messages${pageParam ? `?before=${pageParam}` : ''}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasOlder ? last.messages[0]?.id : undefined),
  });
}

/** The thread's messages in order, each id once (a push and a refetch may bring the same message). */
export function messagesOf(data: InfiniteData<MessagePage> | undefined): ConversationMessage[] {
  const byId = new Map<number, ConversationMessage>();
  for (const page of data?.pages ?? []) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Adds a message to a thread's latest page unless it is there already. */
export function addToThread(queryClient: QueryClient, conversationId: string, message: ConversationMessage): void {
  queryClient.setQueryData<InfiniteData<MessagePage>>(threadKey(conversationId), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((held) => held.id === message.id))) return data;
    const [latest, ...older] = data.pages;
    return { ...data, pages: [{ ...latest, messages: [...latest.messages, message] }, ...older] };
  });
}

/** `POST /api/conversations`: the first message from the listing page, with its key as in the thread (useSendMessage). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  const [keys] = useState(() => new MessageKeys());
  return useMutation({
    mutationFn: (body: { listingId: string; text: string }) => api.post<Conversation>('/conversations', { ...body, clientKey: keys.keyFor(body.text) }),
    onSuccess: () => {
      keys.sent();
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

/** `POST /api/conversations/{id}/read`: answers the conversation, which the thread's header shows. */
export function useReadConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Conversation>(`/conversations/${conversationId}/read`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] }),
  });
}

export function useBlockConversation(conversationId: string) {
  return useMutation({ mutationFn: () => api.post<Conversation>(`/conversations/${conversationId}/block`) });
}

/** `POST /api/conversations/{id}/unblock`: lifts the viewer's own block of the other person (`blockedByMe`). */
export function useUnblockConversation(conversationId: string) {
  return useMutation({ mutationFn: () => api.post<Conversation>(`/conversations/${conversationId}/unblock`) });
}

export function useReportConversation(conversationId: string) {
  return useMutation({ mutationFn: (report: ConversationReport) => api.post<{ message: Record<string, string> }>(`/conversations/${conversationId}/report`, report) });
}
