import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Socket } from 'socket.io-client';
import { NOTIFICATIONS_SOCKET_EVENT, type NotificationPage, type NotificationsRead, type ReadNotifications } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useLiveConnected, useLiveSocket } from '../../../lib/live-socket';

const NOTIFICATIONS_KEY = ['notifications'] as const;
/** Only while the live connection is down does the bell ask again, this often. */
const BELL_REFRESH_MS = 30_000;

/** `GET /api/notifications?page=`: page 1 is also the bell's count. */
export function useNotifications(page: number, refresh = false) {
  const live = useLiveConnected();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, page],
    queryFn: () => api.get<NotificationPage>(`/notifications?page=${page}`),
    refetchInterval: refresh && !live ? BELL_REFRESH_MS : false,
  });
}

/**
 * The inbox read again as soon as the API pushes that it changed (a new entry, read on another
 * page), and on each connection: what was written before it (since the page's first read, or
 * while offline) was pushed to nobody.
 */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  const listen = useCallback(
    (socket: Socket) => {
      const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      socket.on(NOTIFICATIONS_SOCKET_EVENT, refresh);
      socket.on('connect', refresh);
      return () => {
        socket.off(NOTIFICATIONS_SOCKET_EVENT, refresh);
        socket.off('connect', refresh);
      };
    },
    [queryClient],
  );
  useLiveSocket(listen);
}

/** `POST /api/notifications/read`: opening the inbox reads it, up to the newest entry shown (`upTo`). */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: ReadNotifications) => api.post<NotificationsRead>('/notifications/read', read),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
