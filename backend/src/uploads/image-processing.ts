import { HttpStatus } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { AppException } from '../common/app.exception';

/** What we decode; anything else (SVG with its scripts, RAW, a renamed text file) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);
/** Refuses decompression bombs before decoding: 50 megapixels is above any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageShape {
  /** Longest side (or the side of the square) in pixels. */
  size: number;
  /** Crop to a centred square (avatars). */
  square?: boolean;
  quality?: number;
}

/**
 * Re-encodes an upload as WebP: checked by its content, turned upright by its EXIF
 * orientation, resized, and without any metadata (sharp writes none unless asked, so the
 * camera's GPS position and serial numbers never reach other users).
 */
export async function toWebp(input: Buffer, shape: ImageShape): Promise<Buffer> {
  // sharp throws at once on an empty buffer, before the checks below could answer.
  if (input.length === 0) throw new AppException(HttpStatus.BAD_REQUEST, 'notAnImage');
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
    return await image
      .rotate()
      .resize(shape.size, shape.size, { fit: shape.square ? 'cover' : 'inside', withoutEnlargement: !shape.square })
      .webp({ quality: shape.quality ?? 80 })
      .toBuffer();
  } catch {
    // A header that looks like an image with a broken body.
    throw new AppException(HttpStatus.BAD_REQUEST, 'notAnImage');
  }
}
