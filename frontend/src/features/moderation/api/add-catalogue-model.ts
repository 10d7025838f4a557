import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueModelAdded, CatalogueModelBody } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { MODERATION_QUEUE_KEY } from './get-moderation-queue';

/**
 * `POST /api/phone/{id}/catalogue-model {name}` (admins): the model a listing was typed as joins
 * the catalogue under its brand; it and the listings typed the same way get the device.
 */
export function addCatalogueModel(listingId: string, body: CatalogueModelBody): Promise<CatalogueModelAdded> {
  return api.post<CatalogueModelAdded>(`/phone/${listingId}/catalogue-model`, body);
}

/** Told here, not by the dialog: the card renamed after the model may be drawn anew. Other cards may have been linked too: the queue is read again. */
export function useAddCatalogueModel() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('moderation');
  return useMutation({
    mutationFn: ({ listingId, name }: CatalogueModelBody & { listingId: string }) => addCatalogueModel(listingId, { name }),
    onSuccess: ({ linked }) => {
      toast.success(t('customModel.added', { count: linked }));
      return queryClient.invalidateQueries({ queryKey: MODERATION_QUEUE_KEY });
    },
  });
}
