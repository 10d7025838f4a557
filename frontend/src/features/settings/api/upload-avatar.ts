import { useMutation } from '@tanstack/react-query';
import { LIMITS, type ImageRef } from '@market/contracts';
import { api } from '../../../lib/api-client';

const AVATAR_MAX_SIDE = 1024;

/** Compresses the photo in the browser (quality 0.6, spec section 9) and makes it the user's avatar. */
export async function uploadAvatar(file: File): Promise<ImageRef> {
  // Loaded on first use: most visits to the settings never change the photo.
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    initialQuality: LIMITS.imageCompressionQuality,
    maxWidthOrHeight: AVATAR_MAX_SIDE,
    // The library's worker would fetch its script from a CDN; the page may load nothing from other hosts.
    useWebWorker: false,
  });
  const form = new FormData();
  form.append('image', compressed, file.name);
  return api.post<ImageRef>('/upload', form);
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
