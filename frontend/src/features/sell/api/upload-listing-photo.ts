import type { ListingImage } from '@market/contracts';
import { compressPhoto } from '../../../lib/compress-photo';
import { uploadWithProgress } from './upload-with-progress';

/** The server keeps listing photos at most this large (longest side); sending more is wasted bandwidth. */
const PHOTO_MAX_SIDE = 1600;
const PHOTO_QUALITY = 0.8;

/** `POST /api/upload` with field `files`: one photo, compressed first; answers its thumbnail. */
export async function uploadListingPhoto(file: File, onProgress: (sent: number) => void): Promise<ListingImage> {
  const form = new FormData();
  form.append('files', await compressPhoto(file, { maxSide: PHOTO_MAX_SIDE, quality: PHOTO_QUALITY }), file.name);
  const [image] = await uploadWithProgress<ListingImage[]>('/upload', form, onProgress);
  return image;
}
