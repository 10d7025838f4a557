import { useMutation } from '@tanstack/react-query';
import { LIMITS, type ImageRef } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { compressPhoto } from '../../../lib/compress-photo';

const AVATAR_MAX_SIDE = 1024;

/** Compresses the photo in the browser (quality 0.6, spec section 9) and makes it the user's avatar. */
export async function uploadAvatar(file: File): Promise<ImageRef> {
  const form = new FormData();
  form.append('image', await compressPhoto(file, { maxSide: AVATAR_MAX_SIDE, quality: LIMITS.imageCompressionQuality }), file.name);
  return api.post<ImageRef>('/upload', form);
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
