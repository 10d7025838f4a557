import { HttpStatus } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { AppException } from '../common/app.exception';

/** What we decode; anything else (SVG with its scripts, RAW, a renamed text file) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);
/** Refuses decompression bombs before decoding: 50 megapixels is above any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

/** A picture's bytes, or the path of the temporary file an upload was streamed to. */
export type ImageInput = Buffer | string;

// Each picture is read once: sharp's cache of recent operations would only hold memory, and
// keep a deleted temporary file open.
sharp.cache(false);

/**
 * The conversion running now: this process converts one picture at a time, the others wait
 * their turn. A 15 MB photo holds about 50 MB while sharp works on it (on one core: sharp's
 * concurrency is 1 with glibc), and each thread that ran one keeps some of it. bench:uploads,
 * 8 clients each sending 8 such photos: peak RSS 347 MB one at a time, 393 MB two at a time,
 * 610 MB unlimited. One at a time also leaves the other core to everyone else's requests.
 */
let currentConversion: Promise<unknown> = Promise.resolve();

export interface ImageShape {
  /** Longest side (or the side of the square) in pixels. */
  size: number;
  /** Crop to a centred square (avatars). */
  square?: boolean;
  quality?: number;
  /** WebP for the site; JPEG for the platforms that take nothing else (Instagram's content publishing). */
  format?: ImageFormat;
  /**
   * Width:height a platform accepts (Instagram: 4:5 to 1.91:1): a picture outside it is padded to the nearest
   * edge with a neutral background, never cropped, so the whole phone stays in the picture.
   */
  ratio?: { min: number; max: number };
  /** The narrowest width the platform takes (Instagram: 320 px): a smaller picture is enlarged to it. */
  minWidth?: number;
  /** Names the stored copy (`<image>-<name>.<extension>`) instead of its size: a copy made another way gets a new key. */
  name?: string;
}

export type ImageFormat = 'webp' | 'jpeg';

/** The file name extension and content type of each format. */
export const IMAGE_FORMATS: Record<ImageFormat, { extension: string; contentType: string }> = {
  webp: { extension: 'webp', contentType: 'image/webp' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
};

/**
 * Re-encodes an upload as WebP (or the shape's format): checked by its content, turned upright by its EXIF
 * orientation, resized, and without any metadata (sharp writes none unless asked, so the
 * camera's GPS position and serial numbers never reach other users).
 */
export function convertImage(input: ImageInput, shape: ImageShape): Promise<Buffer> {
  const conversion = currentConversion.then(() => convert(input, shape));
  currentConversion = conversion.catch(() => undefined);
  return conversion;
}

async function convert(input: ImageInput, shape: ImageShape): Promise<Buffer> {
  // sharp throws at once on an empty buffer (an empty file fails its checks like any non-image).
  if (Buffer.isBuffer(input) && input.length === 0) throw new AppException(HttpStatus.BAD_REQUEST, 'notAnImage');
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let metadata: Metadata | undefined;
  try {
    metadata = await image.metadata();
  } catch (error) {
    // sharp reads the dimensions from the header: a decompression bomb is refused before it is decoded.
    if (/pixel limit/i.test((error as Error).message)) throw new AppException(HttpStatus.BAD_REQUEST, 'imageTooManyPixels');
  }
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new AppException(HttpStatus.BAD_REQUEST, 'notAnImage');
  try {
    const resized = shape.ratio
      ? image.rotate().resize({ ...paddedBox(metadata, shape, shape.ratio), fit: 'contain', background: PADDING })
      : image.rotate().resize(shape.size, shape.size, { fit: shape.square ? 'cover' : 'inside', withoutEnlargement: !shape.square });
    return await resized.toFormat(shape.format ?? 'webp', { quality: shape.quality ?? 80 }).toBuffer();
  } catch {
    // A header that looks like an image with a broken body.
    throw new AppException(HttpStatus.BAD_REQUEST, 'notAnImage');
  }
}

/** A light neutral grey: it reads as a backdrop beside both dark and light phones. */
const PADDING = { r: 240, g: 240, b: 240, alpha: 1 };

/**
 * The canvas a picture is padded onto for the `accepted` ratios: the upright picture's own size widened (too tall)
 * or heightened (too wide) to the nearest accepted ratio, then scaled to at most `shape.size` on its longer
 * side and at least `shape.minWidth` wide. Rounded so the ratio stays inside: a platform refuses 0.799 for 0.8.
 */
function paddedBox(metadata: Metadata, shape: ImageShape, accepted: { min: number; max: number }): { width: number; height: number } {
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? shape.size;
  const height = (turned ? metadata.width : metadata.height) ?? shape.size;
  const ratio = Math.min(accepted.max, Math.max(accepted.min, width / height));
  const canvas = { width: Math.max(width, height * ratio), height: Math.max(height, width / ratio) };
  const scale = Math.max(Math.min(1, shape.size / Math.max(canvas.width, canvas.height)), (shape.minWidth ?? 1) / canvas.width);
  const boxHeight = Math.max(1, Math.round(canvas.height * scale));
  const boxWidth = Math.min(Math.floor(boxHeight * accepted.max), Math.max(Math.round(canvas.width * scale), Math.ceil(boxHeight * accepted.min)));
  return { width: boxWidth, height: boxHeight };
}

/**
 * The picture's 64-bit difference hash: greyscale, squeezed to 9x8 pixels, one bit per pair of
 * neighbours in a row (1 when the left one is brighter). The squeeze goes through 72x64 first,
 * which averages like a box filter: a re-encoded, resized or recompressed copy then stays within
 * 4 bits (a straight squeeze flips up to 8). Answered as PostgreSQL's signed bigint.
 */
export async function differenceHash(input: ImageInput): Promise<bigint> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(72, 64, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) hash = (hash << 1n) | (pixels[row * 9 + column] > pixels[row * 9 + column + 1] ? 1n : 0n);
  }
  return BigInt.asIntN(64, hash);
}
