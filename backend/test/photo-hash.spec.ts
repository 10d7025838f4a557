import { REUSED_PHOTO_MAX_DISTANCE, REUSED_PHOTO_MIN_DETAIL } from '@market/contracts';
import sharp from 'sharp';
import { flippedHashes, pictureHashes, type PictureHashes } from '../src/uploads/image-processing';
import { screenshotsOf } from '../../test/support/pictures';
import { cameraJpeg, detailedPhoto } from './listings-support';

/** How many bits two hashes differ in (the check counts them with PostgreSQL's bit_count). */
function distance(a: bigint, b: bigint): number {
  return [...BigInt.asUintN(64, a ^ b).toString(2)].filter((bit) => bit === '1').length;
}

const differenceHash = async (input: Buffer) => (await pictureHashes(input, { checked: false })).hash;

/** How near a photo checked comes to one uploaded before, as the check reads it: the closest of its hashes' flips. */
function nearest(checked: PictureHashes, earlier: bigint): number {
  return Math.min(...[checked.hash, checked.turned!].flatMap(flippedHashes).map((hash) => distance(hash, earlier)));
}

/** How near the photos a checked photo shows within it come to one uploaded before, as the check reads them. */
const nearestPanel = (checked: PictureHashes, earlier: bigint) => Math.min(64, ...checked.panels!.map((hash) => distance(hash, earlier)));

/** How near a photo checked comes to the centre of one uploaded before, as the check reads it: the closest of its crop windows. */
const nearestCrop = (checked: PictureHashes, earlierCentre: bigint) => Math.min(...checked.crops!.map((hash) => distance(hash, earlierCentre)));

describe('the perceptual hash of listing photos (issue 22, reused photos)', () => {
  it('keeps a re-encoded, resized or recompressed copy within the threshold and different pictures far apart', async () => {
    const original = await detailedPhoto(7);
    const hash = await differenceHash(original);
    const copies = [
      await sharp(original).resize(400).webp({ quality: 80 }).toBuffer(),
      await sharp(original).resize(640, 480).jpeg({ quality: 35 }).toBuffer(),
      await sharp(original).resize(1600).jpeg({ quality: 90 }).toBuffer(),
    ];
    for (const copy of copies) expect(distance(await differenceHash(copy), hash)).toBeLessThanOrEqual(REUSED_PHOTO_MAX_DISTANCE);

    for (const seed of [8, 9, 10, 11]) {
      expect(distance(await differenceHash(await detailedPhoto(seed)), hash)).toBeGreaterThan(REUSED_PHOTO_MAX_DISTANCE * 2);
    }
  });

  it('gives the same value every time, as a signed 64-bit number PostgreSQL stores', async () => {
    const photo = await detailedPhoto(3);
    const first = await differenceHash(photo);
    expect(await differenceHash(photo)).toBe(first);
    expect(first).toBe(BigInt.asIntN(64, first));
    expect(first).not.toBe(0n);
  });

  it('tells a photo with detail from a flat picture, which the check leaves out', async () => {
    const bitsSet = (hash: bigint) => distance(hash, 0n);
    const detailed = bitsSet(await differenceHash(await detailedPhoto(5)));
    expect(detailed).toBeGreaterThanOrEqual(REUSED_PHOTO_MIN_DETAIL);
    expect(detailed).toBeLessThanOrEqual(64 - REUSED_PHOTO_MIN_DETAIL);
    expect(bitsSet(await differenceHash(await cameraJpeg(1)))).toBeLessThan(REUSED_PHOTO_MIN_DETAIL);
  });

  it('finds a copy mirrored, upside down or turned a quarter either way, and still tells different pictures apart', async () => {
    const original = await detailedPhoto(7);
    const hash = await differenceHash(original);
    const copies = {
      mirrored: sharp(original).flop(),
      upsideDown: sharp(original).flip(),
      turnedHalfWay: sharp(original).rotate(180),
      turnedRight: sharp(original).rotate(90),
      turnedLeft: sharp(original).rotate(270),
      turnedRightAndMirrored: sharp(original).rotate(90).flop(),
    };
    const distances: Record<string, number> = {};
    for (const [name, copy] of Object.entries(copies)) distances[name] = nearest(await pictureHashes(await copy.resize(800).jpeg({ quality: 75 }).toBuffer(), { checked: true }), hash);
    expect(Object.entries(distances).filter(([, bits]) => bits > REUSED_PHOTO_MAX_DISTANCE)).toEqual([]);

    for (const seed of [8, 9, 10, 11, 12, 13, 14, 15]) {
      const other = await detailedPhoto(seed);
      for (const turned of [other, await sharp(other).rotate(90).toBuffer()]) expect(nearest(await pictureHashes(turned, { checked: true }), hash)).toBeGreaterThan(REUSED_PHOTO_MAX_DISTANCE * 2);
    }
  });

  it('finds a copy cropped by up to a tenth a side, evenly or at one edge, and still tells different pictures apart', async () => {
    const original = await detailedPhoto(7);
    const { centre } = await pictureHashes(original, { checked: false });
    // Shares of the 1200x900 original's width and height kept: left, top, right, bottom.
    const cropped = (left: number, top: number, right: number, bottom: number) =>
      sharp(original).extract({ left: Math.round(left * 1200), top: Math.round(top * 900), width: Math.round((right - left) * 1200), height: Math.round((bottom - top) * 900) });
    const copies = {
      zoomedIn: cropped(0.03, 0.03, 0.97, 0.97),
      zoomedInMore: cropped(0.08, 0.08, 0.92, 0.92),
      zoomedInMost: cropped(0.1, 0.1, 0.9, 0.9),
      bottomCut: cropped(0, 0, 1, 0.9),
      topCut: cropped(0, 0.07, 1, 1),
      leftCut: cropped(0.1, 0, 1, 1),
      cornerKept: cropped(0, 0, 0.93, 0.92),
      unevenly: cropped(0.02, 0.09, 0.95, 0.97),
    };
    const distances: Record<string, number> = {};
    for (const [name, copy] of Object.entries(copies)) distances[name] = nearestCrop(await pictureHashes(await copy.resize(800).jpeg({ quality: 75 }).toBuffer(), { checked: true }), centre);
    expect(Object.entries(distances).filter(([, bits]) => bits > REUSED_PHOTO_MAX_DISTANCE)).toEqual([]);

    for (const seed of [8, 9, 10, 11, 12, 13, 14, 15]) {
      const other = await pictureHashes(await detailedPhoto(seed), { checked: true });
      expect(nearestCrop(other, centre)).toBeGreaterThan(REUSED_PHOTO_MAX_DISTANCE * 2);
    }
  });

  it("finds a photo shown within a screenshot of another app: a listing's page, a chat, a gallery; a plain photo shows none", async () => {
    // As the check reads a photo: its 400-pixel copy.
    const checked = async (screenshot: Buffer) => pictureHashes(await sharp(screenshot).resize(400).webp().toBuffer(), { checked: true });
    const distances: Record<string, number> = {};
    for (const seed of [21, 25, 26]) {
      const { hash } = await pictureHashes(await detailedPhoto(seed), { checked: false });
      for (const [kind, screenshot] of Object.entries(await screenshotsOf(await detailedPhoto(seed)))) {
        distances[`${kind} of ${seed}`] = nearestPanel(await checked(screenshot), hash);
      }
      for (const screenshot of Object.values(await screenshotsOf(await detailedPhoto(seed + 100)))) {
        expect(nearestPanel(await checked(screenshot), hash)).toBeGreaterThan(REUSED_PHOTO_MAX_DISTANCE * 2);
      }
    }
    expect(Object.entries(distances).filter(([, bits]) => bits > REUSED_PHOTO_MAX_DISTANCE)).toEqual([]);
    expect((await checked(await detailedPhoto(24))).panels).toEqual([]);
  }, 60_000);
});
