import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Socket } from 'socket.io-client';
import { CONVERSATION_SOCKET_EVENTS, type MessagePush, type ReadPush } from '@market/contracts';
import { useLiveSocket } from '../../../lib/live-socket';
import { addToThread, CONVERSATIONS_KEY, threadKey } from './conversations';

const refreshLists = (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] });

/**
 * A pushed message joins its thread and the lists' unread counts are read again, once a message: each is pushed twice,
 * by its API right after the commit and again from the outbox (the guarantee, should that API die in between).
 */
export function messagePushes(queryClient: QueryClient): (push: MessagePush) => void {
  const shown = new Set<number>();
  return ({ conversationId, message }) => {
    if (shown.has(message.id)) return;
    shown.add(message.id);
    addToThread(queryClient, conversationId, message);
    refreshLists(queryClient);
  };
}

/**
 * Keeps a signed-in person's pages current: each pushed message joins its thread and the lists'
 * unread counts are read again; a read mark refreshes the thread's receipts. Whenever the connection
 * comes up (the first time too: a message may come while the page loads, before it) everything is
 * read again from the API, so what was missed comes in order, each once.
 */
export function useConversationsLive(): void {
  const queryClient = useQueryClient();
  const listen = useCallback(
    (socket: Socket) => {
      const onMessage = messagePushes(queryClient);
      const onRead = ({ conversationId }: ReadPush) => {
        void queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
        refreshLists(queryClient);
      };
      const onConnect = () => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      socket.on(CONVERSATION_SOCKET_EVENTS.message, onMessage);
      socket.on(CONVERSATION_SOCKET_EVENTS.read, onRead);
      socket.on('connect', onConnect);
      return () => {
        socket.off(CONVERSATION_SOCKET_EVENTS.message, onMessage);
        socket.off(CONVERSATION_SOCKET_EVENTS.read, onRead);
        socket.off('connect', onConnect);
      };
    },
    [queryClient],
  );
  useLiveSocket(listen);
}
