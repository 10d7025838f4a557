import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { CONVERSATION_SOCKET_PATH } from '@market/contracts';
import { headerSessionToSend } from './telegram-launch';

/*
 * The page's one real-time connection (Socket.IO at CONVERSATION_SOCKET_PATH, signed in as the
 * API's requests are), shared by the features that listen on it: the conversations and the bell.
 * Open while one of them is shown.
 */
let socket: Socket | null = null;
let listeners = 0;
let connected = false;
const connectionWatchers = new Set<() => void>();

function setConnected(value: boolean): void {
  connected = value;
  for (const watcher of connectionWatchers) watcher();
}

// Inside Telegram the session is no cookie: the handshake carries its token (read again at each reconnect).
async function headerSessionAuth(): Promise<{ token?: string }> {
  const token = await headerSessionToSend();
  return token ? { token } : {};
}

function open(): Socket {
  listeners += 1;
  if (!socket) {
    socket = io({ path: CONVERSATION_SOCKET_PATH, withCredentials: true, auth: (send) => void headerSessionAuth().then(send) });
    socket.on('connect', () => setConnected(true));
    socket.on('disconnect', () => setConnected(false));
  }
  return socket;
}

function close(): void {
  listeners -= 1;
  if (listeners > 0 || !socket) return;
  socket.disconnect();
  socket = null;
  setConnected(false);
}

/** The live connection while it is up, to send on; null while it is down or no feature holds it open. */
export function connectedLiveSocket(): Socket | null {
  return socket?.connected ? socket : null;
}

/**
 * Listens on the live connection while the component is shown: `listen` (kept stable, useCallback)
 * adds its handlers and answers how to remove them.
 */
export function useLiveSocket(listen: (socket: Socket) => () => void): void {
  useEffect(() => {
    const stop = listen(open());
    return () => {
      stop();
      close();
    };
  }, [listen]);
}

/** Whether the live connection is up: what it pushes needs no asking meanwhile. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (watcher) => {
      connectionWatchers.add(watcher);
      return () => connectionWatchers.delete(watcher);
    },
    () => connected,
  );
}
