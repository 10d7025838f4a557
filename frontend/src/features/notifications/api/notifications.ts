import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage, NotificationsRead } from '@market/contracts';
import { api } from '../../../lib/api-client';

const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The workers write the inbox, out of the sockets' reach: the bell asks again now and then. */
const BELL_REFRESH_MS = 30_000;

/** `GET /api/notifications?page=`: page 1 is also the bell's count. */
export function useNotifications(page: number, refresh = false) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, page],
    queryFn: () => api.get<NotificationPage>(`/notifications?page=${page}`),
    refetchInterval: refresh ? BELL_REFRESH_MS : false,
  });
}

/** `POST /api/notifications/read`: opening the inbox reads it. */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NotificationsRead>('/notifications/read'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
