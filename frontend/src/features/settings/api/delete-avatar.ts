import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function deleteAvatar(imageId: string): Promise<unknown> {
  return api.delete('/uploadImg/', { _id: imageId });
}

export function useDeleteAvatar() {
  return useMutation({ mutationFn: deleteAvatar });
}
