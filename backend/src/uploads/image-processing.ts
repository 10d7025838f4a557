import { HttpStatus } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { AppException } from '../common/app.exception';

/** What we decode; anything else (SVG with its scripts, RAW, a renamed text file) is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);
/** Refuses decompression bombs before decoding: 50 megapixels is above any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Whose turn a conversion takes when no user asked for it: the site's own work (seed pictures, backfills). */
export const SITE_WORK = 'site';

/** A picture's bytes, or the path of the temporary file an upload was streamed to. */
export type ImageInput = Buffer | string;

// Each picture is read once: sharp's cache of recent operations would only hold memory, and
// keep a deleted temporary file open.
sharp.cache(false);

/**
 * This process converts one picture at a time, the others wait their turn. A 15 MB photo holds
 * about 50 MB while sharp works on it (on one core: sharp's concurrency is 1 with glibc), and each
 * thread that ran one keeps some of it. bench:uploads, 8 clients each sending 8 such photos: peak
 * RSS 347 MB one at a time, 393 MB two at a time, 610 MB unlimited. One at a time also leaves the
 * other core to everyone else's requests.
 *
 * The turns go round the owners waiting, one conversion each, the one served longest ago first,
 * rather than first come first served: an account sending a pile of large pictures was ahead of
 * everyone, and another user's 3 photos took 16.5 s instead of 190 ms (issue 32). Now each of
 * their conversions waits for at most one of its.
 */
class ConversionLane {
  /** Each owner's conversions waiting to start. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** The turn each owner with conversions in the lane last had; an owner not served yet goes first. */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;
  private busy = false;

  run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => void work().then(resolve, reject).finally(() => this.finished(owner));
      const queue = this.waiting.get(owner);
      if (queue) queue.push(start);
      else this.waiting.set(owner, [start]);
      if (!this.busy) this.next();
    });
  }

  private finished(owner: string): void {
    if (!this.waiting.has(owner)) this.lastTurn.delete(owner);
    this.next();
  }

  /** The owner waiting whose last turn is the oldest; among those not served yet, the first to arrive. */
  private next(): void {
    let owner: string | undefined;
    for (const candidate of this.waiting.keys()) {
      if (owner === undefined || (this.lastTurn.get(candidate) ?? 0) < (this.lastTurn.get(owner) ?? 0)) owner = candidate;
    }
    this.busy = owner !== undefined;
    if (owner === undefined) return;
    const queue = this.waiting.get(owner)!;
    const start = queue.shift()!;
    if (queue.length === 0) this.waiting.delete(owner);
    this.lastTurn.set(owner, ++this.turns);
    start();
  }
}

const lane = new ConversionLane();

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
  /** The most pixels of a picture this shape is made from (MAX_INPUT_PIXELS when not given); a larger one is refused. */
  maxInputPixels?: number;
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
 * camera's GPS position and serial numbers never reach other users). Waits for `owner`'s turn.
 */
export function convertImage(input: ImageInput, shape: ImageShape, owner = SITE_WORK): Promise<Buffer> {
  return lane.run(owner, () => convert(input, shape));
}

async function convert(input: ImageInput, shape: ImageShape): Promise<Buffer> {
  // sharp throws at once on an empty buffer (an empty file fails its checks like any non-image).
  if (Buffer.isBuffer(input) && input.length === 0) throw new AppException(HttpStatus.BAD_REQUEST, 'notAnImage');
  const maxInputPixels = shape.maxInputPixels ?? MAX_INPUT_PIXELS;
  const image = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error', animated: false });
  let metadata: Metadata | undefined;
  try {
    metadata = await image.metadata();
  } catch (error) {
    // sharp reads the dimensions from the header: a decompression bomb is refused before it is decoded.
    if (/pixel limit/i.test((error as Error).message)) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'imageTooManyPixels', { megapixels: maxInputPixels / 1_000_000 });
    }
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

/** A listing photo's difference hashes: of the picture, and (when asked for) of the picture turned a quarter to the left. */
export interface PictureHashes {
  hash: bigint;
  turned: bigint | null;
}

/**
 * The picture's 64-bit difference hash (`differenceHashOf`), and that of the picture turned a
 * quarter to the left: a copy turned a quarter either way is near one of the second's flips
 * (`flippedHashes`). A frame of one colour around the picture (a screenshot's bars, a white border,
 * a channel copy's padding) is trimmed first: it is not the picture, and a copy framed so differed
 * in 9-20 bits. Answered as PostgreSQL's signed bigints.
 */
export async function pictureHashes(input: ImageInput, { turned }: { turned: boolean }): Promise<PictureHashes> {
  const framed = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const picture = await withoutFrames(framed);
  const hash = await differenceHashOf(picture);
  if (!turned) return { hash, turned: null };
  const quarter = await sharp(picture.data, { raw: picture.info }).rotate(270).raw().toBuffer({ resolveWithObject: true });
  return { hash, turned: await differenceHashOf({ data: quarter.data, info: { ...quarter.info, channels: picture.info.channels } }) };
}

/**
 * Greyscale, squeezed to 9x8 pixels, one bit per pair of neighbours in a row (1 when the left one
 * is brighter). The squeeze goes through 72x64 first, which averages like a box filter: a
 * re-encoded, resized or recompressed copy then stays within 4 bits (a straight squeeze flips up to 8).
 */
async function differenceHashOf(picture: RawPicture): Promise<bigint> {
  const { data, info } = await sharp(picture.data, { raw: picture.info })
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

/** How far from the corner's colour a pixel may be and still be the frame (of 255): JPEG's ringing beside a bar stays within it. */
const FRAME_THRESHOLD = 24;

type RawPicture = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/** What is shaved off a trimmed picture's edges: JPEG blurs a bar's edge a pixel or two into the picture. */
const FRAME_EDGE = 2;

/**
 * The picture with its frames of one colour trimmed, one after another (a black bar around a
 * photo's own plain margin): a copy in a frame and its original then come down to the same picture.
 */
async function withoutFrames(picture: RawPicture): Promise<RawPicture> {
  for (let frame = 0; frame < 3; frame++) {
    const trimmed = await sharp(picture.data, { raw: picture.info }).trim({ threshold: FRAME_THRESHOLD }).raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = trimmed.info;
    if ((width === picture.info.width && height === picture.info.height) || width <= 4 * FRAME_EDGE || height <= 4 * FRAME_EDGE) return picture;
    const shaved = await sharp(trimmed.data, { raw: { width, height, channels } })
      .extract({ left: FRAME_EDGE, top: FRAME_EDGE, width: width - 2 * FRAME_EDGE, height: height - 2 * FRAME_EDGE })
      .raw()
      .toBuffer({ resolveWithObject: true });
    picture = { data: shaved.data, info: { width: shaved.info.width, height: shaved.info.height, channels } };
  }
  return picture;
}

/**
 * The difference hashes of the picture as it is, mirrored left to right, upside down and turned
 * half way, read from its own: mirrored, each row's eight bits in reverse order and inverted (the
 * brighter of two neighbours is now on the other side); upside down, the rows in reverse order.
 */
export function flippedHashes(hash: bigint): bigint[] {
  const upsideDown = rowsReversed(hash);
  return [hash, mirroredHash(hash), upsideDown, mirroredHash(upsideDown)];
}

function mirroredHash(hash: bigint): bigint {
  let mirrored = 0n;
  for (let row = 7; row >= 0; row--) {
    const bits = (BigInt.asUintN(64, hash) >> BigInt(row * 8)) & 0xffn;
    let reversed = 0n;
    for (let column = 0; column < 8; column++) if ((bits >> BigInt(column)) & 1n) reversed |= 1n << BigInt(7 - column);
    mirrored = (mirrored << 8n) | (~reversed & 0xffn);
  }
  return BigInt.asIntN(64, mirrored);
}

function rowsReversed(hash: bigint): bigint {
  let reversed = 0n;
  for (let row = 0; row < 8; row++) reversed = (reversed << 8n) | ((BigInt.asUintN(64, hash) >> BigInt(row * 8)) & 0xffn);
  return BigInt.asIntN(64, reversed);
}
