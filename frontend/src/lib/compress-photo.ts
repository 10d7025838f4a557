/**
 * Shrinks a phone camera's photo in the browser before it is sent: mobile data is slow and
 * metered. A file the browser cannot decode (not a picture at all, or HEIC on some phones) goes
 * as it is: the server checks it by content and says what is wrong, in the reader's language.
 */
export async function compressPhoto(file: File, { maxSide, quality }: { maxSide: number; quality: number }): Promise<Blob> {
  // Not even claiming to be a picture: the compressor would only fail (reading it through a blob: URL the page's policy blocks).
  if (!file.type.startsWith('image/')) return file;
  // Loaded on first use: most pages never send a photo.
  const { default: imageCompression } = await import('browser-image-compression');
  try {
    return await imageCompression(file, {
      maxWidthOrHeight: maxSide,
      initialQuality: quality,
      // The library's worker would fetch its script from a CDN; the page may load nothing from other hosts.
      useWebWorker: false,
    });
  } catch {
    return file;
  }
}
