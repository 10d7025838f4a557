import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueModelAdded, CatalogueModelBody } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { MODERATION_QUEUE_KEY } from './get-moderation-queue';

/**
 * `POST /api/phone/{id}/catalogue-model {name}` (admins): the model a listing was typed as joins
 * the catalogue under its brand; it and the listings typed the same way get the device.
 */
export function addCatalogueModel(listingId: string, body: CatalogueModelBody): Promise<CatalogueModelAdded> {
  return api.post<CatalogueModelAdded>(`/phone/${listingId}/catalogue-model`, body);
}

/** Other cards may have been linked too: the queue is read again. */
export function useAddCatalogueModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, name }: CatalogueModelBody & { listingId: string }) => addCatalogueModel(listingId, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MODERATION_QUEUE_KEY }),
  });
}
