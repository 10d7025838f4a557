import type { MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `DELETE /api/upload/`: a fresh upload or a draft's photo (a posted listing's photo goes only through an edit). */
export function removeListingPhoto(imageId: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>('/upload/', { _id: imageId });
}
