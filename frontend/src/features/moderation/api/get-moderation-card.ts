import { useQuery } from '@tanstack/react-query';
import type { ModerationCard } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { MODERATION_QUEUE_KEY } from './get-moderation-queue';

/** `GET /api/phone/{id}/moderation` (admins): one listing's moderation card; under the queue's key, so a decision refreshes it. */
export function useModerationCard(id: string) {
  return useQuery({
    queryKey: [...MODERATION_QUEUE_KEY, 'card', id],
    queryFn: () => api.get<ModerationCard>(`/phone/${id}/moderation`),
  });
}
