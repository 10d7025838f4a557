import type { ListingImage } from '@market/contracts';
import { uploadWithProgress } from './upload-with-progress';

/** The server keeps listing photos at most this large (longest side); sending more is wasted bandwidth. */
const PHOTO_MAX_SIDE = 1600;
const PHOTO_QUALITY = 0.8;

/**
 * Shrinks a phone camera's photo in the browser before it is sent: mobile data is slow and
 * metered. A picture the browser cannot decode (HEIC on some phones) goes as it is; the
 * server checks it by content and says what is wrong.
 */
async function compressListingPhoto(file: File): Promise<Blob> {
  // Loaded on first use: the wizard's other steps do not need it.
  const { default: imageCompression } = await import('browser-image-compression');
  try {
    return await imageCompression(file, {
      maxWidthOrHeight: PHOTO_MAX_SIDE,
      initialQuality: PHOTO_QUALITY,
      // The library's worker would fetch its script from a CDN; the page may load nothing from other hosts.
      useWebWorker: false,
    });
  } catch {
    return file;
  }
}

/** `POST /api/upload` with field `files`: one photo, compressed first; answers its thumbnail. */
export async function uploadListingPhoto(file: File, onProgress: (sent: number) => void): Promise<ListingImage> {
  const form = new FormData();
  form.append('files', await compressListingPhoto(file), file.name);
  const [image] = await uploadWithProgress<ListingImage[]>('/upload', form, onProgress);
  return image;
}
