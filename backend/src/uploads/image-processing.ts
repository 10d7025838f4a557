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

/**
 * A listing photo's difference hashes: of the picture, of its centre (what a copy cropped by up to CROP_MARGIN a
 * side still holds), and, for a photo about to be checked, of the picture turned a quarter to the left and of the
 * windows where the centre of the picture it may be a cropped copy of would lie (`crops`).
 */
export interface PictureHashes {
  hash: bigint;
  centre: bigint;
  turned: bigint | null;
  crops: bigint[] | null;
  /** The hashes of the photos it may show inside it (`photosWithin`), for a photo about to be checked. */
  panels: bigint[] | null;
}

/** How much of each side a cropped copy may have cut off and still be found: it then holds the original's centre. */
const CROP_MARGIN = 0.1;
/** Where a copy's two edges along one side may lie, as shares of the original's: uncut, cut evenly, cut at one end. */
const COPY_EDGES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [CROP_MARGIN / 2, 1 - CROP_MARGIN / 2],
  [CROP_MARGIN, 1 - CROP_MARGIN],
  [0, 1 - CROP_MARGIN],
  [CROP_MARGIN, 1],
];
type Span = readonly [number, number];
/** Where the original's centre lies in a copy whose edges along a side are `edges`. */
const centreWithin = ([from, to]: Span): Span => [(CROP_MARGIN - from) / (to - from), (1 - CROP_MARGIN - from) / (to - from)];
/** The windows of a photo to compare with earlier photos' centres: one a way it may have been cropped (24; uncut both ways is `hash`). */
export const CROP_WINDOWS: ReadonlyArray<readonly [Span, Span]> = COPY_EDGES.flatMap((across) => COPY_EDGES.map((down) => [across, down] as const))
  .filter(([across, down]) => across[1] - across[0] < 1 || down[1] - down[0] < 1)
  .map(([across, down]) => [centreWithin(across), centreWithin(down)]);

/**
 * The picture's 64-bit difference hash (`differenceHashOf`) and its centre's, and for a photo about to be `checked`
 * that of the picture turned a quarter to the left (a copy turned a quarter either way is near one of its flips,
 * `flippedHashes`) and those of its CROP_WINDOWS. A frame of one colour around the picture (a screenshot's bars, a
 * white border, a channel copy's padding) is trimmed first: it is not the picture, and a copy framed so differed
 * in 9-20 bits. Answered as PostgreSQL's signed bigints.
 */
export async function pictureHashes(input: ImageInput, { checked }: { checked: boolean }): Promise<PictureHashes> {
  const framed = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const picture = await withoutFrames(framed);
  const hash = await differenceHashOf(picture);
  // The windows are read from the picture in grey at most WINDOWS_READ_AT pixels a side: 25 of them cost about one read.
  const small = await sharp(picture.data, { raw: picture.info })
    .greyscale()
    .resize(WINDOWS_READ_AT, WINDOWS_READ_AT, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = summedAreas(small.data, small.info.width, small.info.height);
  const centre = windowHash(sums, [CROP_MARGIN, 1 - CROP_MARGIN], [CROP_MARGIN, 1 - CROP_MARGIN]);
  if (!checked) return { hash, centre, turned: null, crops: null, panels: null };
  const quarter = await sharp(picture.data, { raw: picture.info }).rotate(270).raw().toBuffer({ resolveWithObject: true });
  const turned = await differenceHashOf({ data: quarter.data, info: { ...quarter.info, channels: picture.info.channels } });
  // Edges are read in colour: a blue photo under a dark blue bar differs little in grey.
  const colours = await sharp(picture.data, { raw: picture.info }).removeAlpha().toColourspace('srgb').resize(small.info.width, small.info.height, { fit: 'fill' }).raw().toBuffer();
  const panels: bigint[] = [];
  for (const box of photosWithin(colours, small.info.width, small.info.height)) {
    panels.push(await differenceHashOf(await withoutFrames(await cutOut(picture, box, small.info.width / picture.info.width))));
  }
  return { hash, centre, turned, crops: CROP_WINDOWS.map(([across, down]) => windowHash(sums, across, down)), panels };
}

/** A rectangle of a picture: left, top, right and bottom edges in pixels. */
type Box = readonly [number, number, number, number];

/** How much a line's pixels differ from those three lines before in one colour at least, at a straight edge (of 255). */
const EDGE_STEP = 24;
/** The share of a line's length that must show that step for the line to be an edge between two parts. */
const EDGE_ALONG = 0.6;
/** The share of a part's side along which its edge must show (on the side's line or a neighbour). */
const SIDE_ALONG = 0.7;
/** How far apart two edges are at least: a blurred edge shows on a few neighbouring lines. */
const EDGE_SPACING = 4;
/** What a part must be to be taken for a photo: its share of the picture, and its width over its height. */
const PANEL_SHARE = { least: 0.15, most: 0.85 };
const PANEL_ASPECT = { least: 0.4, most: 2.5 };
/** The largest parts kept: a screenshot shows one photo, a collage a few. */
const PANELS_KEPT = 3;
/** Pixels (at the size edges are read) taken off a part's side at an edge: JPEG bleeds the bar beside it into the photo. */
const PANEL_SHAVE = 3;

/**
 * The parts of a picture that may be a photo shown within it, largest first: a screenshot of another listing, the
 * photo between the app's bars; a photo in a chat, on its patterned background; a gallery's photo between black
 * bars; a collage. A part lies between straight edges that cross the whole picture one way, and edges that cross
 * the band it lies in the other way. Read in colour at the windows' size (WINDOWS_READ_AT); a plain photo has none.
 */
function photosWithin(rgb: Uint8Array, width: number, height: number): Box[] {
  const acrossRows = steps(rgb, width, height, 'rows');
  const acrossColumns = steps(rgb, width, height, 'columns');
  const boxes: Box[] = [];
  for (const [top, bottom] of between(edges(acrossRows, height, [0, width]))) {
    for (const [left, right] of between(edges(acrossColumns, width, [top, bottom]))) boxes.push([left, top, right, bottom]);
  }
  for (const [left, right] of between(edges(acrossColumns, width, [0, height]))) {
    for (const [top, bottom] of between(edges(acrossRows, height, [left, right]))) boxes.push([left, top, right, bottom]);
  }
  const area = ([left, top, right, bottom]: Box) => (right - left) * (bottom - top);
  const photoLike = (box: Box) => {
    const share = area(box) / (width * height);
    const aspect = (box[2] - box[0]) / (box[3] - box[1]);
    return share >= PANEL_SHARE.least && share <= PANEL_SHARE.most && aspect >= PANEL_ASPECT.least && aspect <= PANEL_ASPECT.most;
  };
  // Each side cut along an edge must be that edge along the part's whole length (on its line or a neighbour): a
  // phone's side in a product shot crosses the picture only in part, and the background beside it is no photo.
  const sideHolds = (stepped: Steps, line: number, lines: number, [from, to]: Span) =>
    [line - 1, line, line + 1].some((near) => near >= 2 && near < lines - 1 && stepped(near, from, to) >= SIDE_ALONG * (to - from));
  const closed = ([left, top, right, bottom]: Box) =>
    (top === 0 || sideHolds(acrossRows, top, height, [left, right])) &&
    (bottom === height || sideHolds(acrossRows, bottom, height, [left, right])) &&
    (left === 0 || sideHolds(acrossColumns, left, width, [top, bottom])) &&
    (right === width || sideHolds(acrossColumns, right, width, [top, bottom]));
  const same = (one: Box, other: Box) => one.every((edge, side) => Math.abs(edge - other[side]) <= EDGE_SPACING);
  return boxes
    .filter(photoLike)
    .filter(closed)
    .filter((box, index, all) => all.findIndex((other) => same(box, other)) === index)
    .sort((one, other) => area(other) - area(one))
    .slice(0, PANELS_KEPT);
}

/** How many pixels between `from` and `to` along a line of a picture step across it (EDGE_STEP in one colour at least). */
type Steps = (line: number, from: number, to: number) => number;

/**
 * Where a picture steps across its rows or its columns (a line's pixels against those three lines before), counted
 * once along each line so that any stretch of it is two reads: the edges are looked for along many bands.
 */
function steps(rgb: Uint8Array, width: number, height: number, across: 'rows' | 'columns'): Steps {
  const [lines, length] = across === 'rows' ? [height, width] : [width, height];
  // Bytes from one line to the next, and from one pixel to the next along a line.
  const [lineStride, alongStride] = across === 'rows' ? [width * 3, 3] : [3, width * 3];
  // No Math in the loop: a global looked up in it costs tenfold inside a sandbox (Jest's vm context).
  const differ = (one: number, other: number) => rgb[one] - rgb[other] >= EDGE_STEP || rgb[other] - rgb[one] >= EDGE_STEP;
  const counted = new Uint16Array(lines * (length + 1));
  for (let line = 2; line < lines - 1; line++) {
    const start = line * (length + 1);
    let [one, other, stepped] = [(line + 1) * lineStride, (line - 2) * lineStride, 0];
    for (let along = 0; along < length; along++, one += alongStride, other += alongStride) {
      if (differ(one, other) || differ(one + 1, other + 1) || differ(one + 2, other + 2)) stepped++;
      counted[start + along + 1] = stepped;
    }
  }
  return (line, from, to) => counted[line * (length + 1) + to] - counted[line * (length + 1) + from];
}

/**
 * The lines of a picture that are straight edges along the span `along` (rows along columns, or columns along rows,
 * as `stepped` counts them), the strongest of any neighbours, with the picture's own two sides.
 */
function edges(stepped: Steps, lines: number, [from, to]: Span): number[] {
  const strength = new Float64Array(lines);
  for (let line = 2; line < lines - 1; line++) strength[line] = stepped(line, from, to) / (to - from);
  const strongest = (line: number) => {
    for (let near = Math.max(0, line - EDGE_SPACING); near <= Math.min(lines - 1, line + EDGE_SPACING); near++) {
      if (strength[near] > strength[line] || (strength[near] === strength[line] && near < line)) return false;
    }
    return true;
  };
  const found = Array.from({ length: lines }, (_, line) => line).filter((line) => strength[line] >= EDGE_ALONG && strongest(line));
  return [0, ...found, lines];
}

/** Each pair of neighbouring edges. */
const between = (edges: number[]): Array<[number, number]> => edges.slice(1).map((edge, index) => [edges[index], edge]);

/** The part `box` of `picture`, its box read at `scale` of the picture's size, shaved at the edges it was cut along. */
async function cutOut(picture: RawPicture, box: Box, scale: number): Promise<RawPicture> {
  const [width, height] = [Math.round(picture.info.width * scale), Math.round(picture.info.height * scale)];
  const [left, top, right, bottom] = [
    box[0] > 0 ? box[0] + PANEL_SHAVE : 0,
    box[1] > 0 ? box[1] + PANEL_SHAVE : 0,
    box[2] < width ? box[2] - PANEL_SHAVE : width,
    box[3] < height ? box[3] - PANEL_SHAVE : height,
  ].map((edge) => Math.round(edge / scale));
  const region = { left, top, width: Math.min(picture.info.width, right) - left, height: Math.min(picture.info.height, bottom) - top };
  const part = await sharp(picture.data, { raw: picture.info }).extract(region).raw().toBuffer({ resolveWithObject: true });
  return { data: part.data, info: { width: part.info.width, height: part.info.height, channels: picture.info.channels } };
}


/** The size a picture's windows are read at: a window of 80 % still spans some 32 pixels a cell. */
const WINDOWS_READ_AT = 360;

/** How many cells wide a window's cell is averaged over. */
const CELL_SPREAD = 2;

/** A grey picture's summed-area table: the sum of the pixels above and left of each corner, (width + 1) x (height + 1). */
interface SummedAreas {
  sums: Float64Array;
  width: number;
  height: number;
}

function summedAreas(grey: Buffer, width: number, height: number): SummedAreas {
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += grey[y * width + x];
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row;
    }
  }
  return { sums, width, height };
}

/**
 * The difference hash of the part of a picture between the shares `across` of its width and `down` of its height:
 * the mean about each of its 9x8 cells (four reads of the table each), as `differenceHashOf` reads a whole
 * picture. Centres and crop windows are only compared with one another.
 */
function windowHash({ sums, width, height }: SummedAreas, across: Span, down: Span): bigint {
  // Each cell's box is CELL_SPREAD cells wide about its centre: overlapping boxes move a bit less when the window is a little off.
  const box = ([from, to]: Span, cells: number, index: number, size: number): [number, number] => {
    const centre = from + ((to - from) * (index + 0.5)) / cells;
    const half = ((to - from) * CELL_SPREAD) / cells / 2;
    const start = Math.min(size - 1, Math.max(0, Math.round((centre - half) * size)));
    return [start, Math.max(start + 1, Math.min(size, Math.round((centre + half) * size)))];
  };
  const at = (x: number, y: number) => sums[y * (width + 1) + x];
  const mean = (column: number, row: number) => {
    const [left, right] = box(across, 9, column, width);
    const [top, bottom] = box(down, 8, row, height);
    return (at(right, bottom) - at(left, bottom) - at(right, top) + at(left, top)) / ((right - left) * (bottom - top));
  };
  return differenceBits(mean);
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
  return differenceBits((column, row) => pixels[row * 9 + column]);
}

/**
 * The 64 bits of a difference hash from the brightness of 9x8 cells, row by row: 1 when a cell is brighter than
 * its right neighbour (`flippedHashes` reads this layout). Signed, as PostgreSQL stores a bigint.
 */
function differenceBits(brightness: (column: number, row: number) => number): bigint {
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) hash = (hash << 1n) | (brightness(column, row) > brightness(column + 1, row) ? 1n : 0n);
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
