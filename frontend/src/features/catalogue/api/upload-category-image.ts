import { useMutation } from '@tanstack/react-query';
import { LIMITS, type ImageRef } from '@market/contracts';
import { api } from '../../../lib/api-client';

/**
 * Compresses the picture in the browser (spec section 9: quality 0.6), then stores it with
 * `POST /api/uploadImg`; the answer's `_id` goes into the category's `image`.
 */
export async function uploadCategoryImage(file: File): Promise<ImageRef> {
  // Loaded only when an admin picks a picture; the web worker would fetch the library from a CDN.
  const { default: imageCompression } = await import('browser-image-compression');
  // A file the browser cannot draw goes up as it is: the server checks the content and says what is wrong, translated.
  const compressed = await imageCompression(file, { initialQuality: LIMITS.imageCompressionQuality, useWebWorker: false }).catch(
    () => file,
  );
  const form = new FormData();
  form.append('image', compressed, file.name);
  return api.post<ImageRef>('/uploadImg', form);
}

export function useUploadCategoryImage() {
  return useMutation({ mutationFn: uploadCategoryImage });
}
