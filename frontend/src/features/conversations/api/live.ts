import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, type MessagePush, type ReadPush } from '@market/contracts';
import { headerSessionToken } from '../../../lib/telegram-launch';
import { addToThread, CONVERSATIONS_KEY, threadKey } from './conversations';

function headerSessionAuth(): { token?: string } {
  const token = headerSessionToken();
  return token ? { token } : {};
}

/**
 * Keeps a signed-in person's pages current: each pushed message joins its thread and the lists'
 * unread counts are read again; a read mark refreshes the thread's receipts. After a reconnect
 * everything is read again from the API, so what was missed offline comes in order, each once.
 */
export function useConversationsLive(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    // Inside Telegram the session is no cookie: the handshake carries its token (read again at each reconnect).
    const socket = io({ path: CONVERSATION_SOCKET_PATH, withCredentials: true, auth: (send) => send(headerSessionAuth()) });
    const refreshLists = () => void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] });
    socket.on(CONVERSATION_SOCKET_EVENTS.message, ({ conversationId, message }: MessagePush) => {
      addToThread(queryClient, conversationId, message);
      refreshLists();
    });
    socket.on(CONVERSATION_SOCKET_EVENTS.read, ({ conversationId }: ReadPush) => {
      void queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
      refreshLists();
    });
    socket.io.on('reconnect', () => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }));
    return () => {
      socket.disconnect();
    };
  }, [signedIn, queryClient]);
}
