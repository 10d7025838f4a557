import { randomBytes } from 'node:crypto';
import { REUSED_PHOTO_MAX_DISTANCE, REUSED_PHOTO_MIN_DETAIL } from '@market/contracts';
import { appForThisFile } from '../../../test/support/app';
import { ImagesService } from './images.service';

/** `hash` with the bits at `positions` flipped, as PostgreSQL stores it (signed 64-bit). */
function flipped(hash: bigint, positions: number[]): bigint {
  return BigInt.asIntN(64, positions.reduce((value, position) => value ^ (1n << BigInt(position)), hash));
}

/** The perceptual hashes of listing photos, as the checks of waiting listings compare them (real PostgreSQL). */
describe('ImagesService: photo hashes', () => {
  const site = appForThisFile();
  let images: ImagesService;

  /** A stored picture with `phash`, uploaded `minutesAgo`; answers its id. */
  async function stored(phash: bigint | null, { purpose = 'listing', minutesAgo = 10 } = {}): Promise<string> {
    const [{ id }] = await site.dataSource.query(
      `INSERT INTO images (purpose, key, location, phash, created_at) VALUES ($1, $2, $2, $3::bigint, now() - make_interval(mins => $4)) RETURNING id`,
      [purpose, `test/${randomBytes(8).toString('hex')}.webp`, phash?.toString() ?? null, minutesAgo],
    );
    return id;
  }

  /** A random hash with detail: half its bits set, give or take. */
  function detailedHash(): bigint {
    for (;;) {
      const hash = BigInt.asIntN(64, randomBytes(8).readBigUInt64BE());
      const bits = [...BigInt.asUintN(64, hash).toString(2)].filter((bit) => bit === '1').length;
      if (bits >= 24 && bits <= 40) return hash;
    }
  }

  beforeAll(() => {
    images = site.app.get(ImagesService);
  });

  it('compares only the photos hashed with detail enough, in the order asked', async () => {
    const first = detailedHash();
    const second = detailedHash();
    const ids = [
      await stored(second),
      await stored(BigInt((1 << (REUSED_PHOTO_MIN_DETAIL - 1)) - 1)), // nearly flat: one bit short
      await stored(null),
      await stored(first),
      await stored(BigInt((1 << REUSED_PHOTO_MIN_DETAIL) - 1)),
    ];
    expect((await images.comparableHashes(site.dataSource, ids)).map((photo) => photo.hash)).toEqual([second.toString(), first.toString(), String((1 << REUSED_PHOTO_MIN_DETAIL) - 1)]);
    expect(await images.comparableHashes(site.dataSource, [])).toEqual([]);
  });

  it('finds the listing photos uploaded before one within the distance, with how far each is', async () => {
    const hash = detailedHash();
    // Spread over the first three bands: the fourth is the same, so the bands' index finds it.
    const atTheLimit = Array.from({ length: REUSED_PHOTO_MAX_DISTANCE }, (_, n) => (n % 3) * 16 + Math.floor(n / 3));
    const near = await stored(flipped(hash, [5]), { minutesAgo: 20 });
    const limit = await stored(flipped(hash, atTheLimit), { minutesAgo: 20 });
    // One bit further, a later upload and an avatar are not candidates.
    await stored(flipped(hash, [...atTheLimit, 48]), { minutesAgo: 20 });
    await stored(flipped(hash, [5]), { minutesAgo: 1 });
    await stored(flipped(hash, [5]), { purpose: 'avatar', minutesAgo: 20 });
    const [photo] = await images.comparableHashes(site.dataSource, [await stored(hash, { minutesAgo: 5 })]);

    const similar = await images.similarListingPhotos(site.dataSource, photo);
    expect(similar.sort((a, b) => a.distance - b.distance)).toEqual([
      { imageId: near, distance: 1 },
      { imageId: limit, distance: atTheLimit.length },
    ]);
  });

  it('finds the listing photos uploaded before one whose centre is within the distance of one of its crop windows', async () => {
    const centre = detailedHash();
    // Photos whose whole hashes are far from everything, their centres as a cropped copy reads them.
    const original = await stored(detailedHash(), { minutesAgo: 20 });
    await site.dataSource.query(`UPDATE images SET phash_centre = $2 WHERE id = $1`, [original, flipped(centre, [3, 20]).toString()]);
    const farther = await stored(detailedHash(), { minutesAgo: 20 });
    await site.dataSource.query(`UPDATE images SET phash_centre = $2 WHERE id = $1`, [farther, flipped(centre, [1, 2, 3, 17, 18, 33, 49]).toString()]);
    const [photo] = await images.comparableHashes(site.dataSource, [await stored(detailedHash(), { minutesAgo: 5 })]);
    photo.crops = [detailedHash().toString(), centre.toString(), detailedHash().toString()];

    expect(await images.similarListingPhotos(site.dataSource, photo)).toEqual([{ imageId: original, distance: 2 }]);
    // A photo not yet hashed for a check has no windows: only its whole hash is looked up.
    expect(await images.similarListingPhotos(site.dataSource, { ...photo, crops: null })).toEqual([]);
  });

  it("knows how few photos a look-up's bands match, the hashes' and the centres', so that it takes the bands' index at a million photos", async () => {
    // PostgreSQL reads no statistics from a partial index's expression: without statistics of their own on the bands
    // (migration TurnedPhotoHashes) it guessed that 8 hashes' bands matched 80 % of the photos, 100 times too many,
    // and read every photo (620 ms a look-up at a million, 27 ms by the index: docs/selling-and-moderation.md).
    const many = `test/bands-${randomBytes(4).toString('hex')}/`;
    await site.dataSource.query(
      `INSERT INTO images (purpose, key, location, phash, phash_centre, created_at)
       SELECT 'listing', $1 || n, $1 || n, ('x' || left(md5($1 || n), 16))::bit(64)::bigint, ('x' || left(md5(n || $1), 16))::bit(64)::bigint,
              now() - interval '1 day'
         FROM generate_series(1, 20000) AS n`,
      [many],
    );
    try {
      await site.dataSource.query('ANALYZE images');
      const [photo] = await images.comparableHashes(site.dataSource, [await stored(detailedHash(), { minutesAgo: 5 })]);
      photo.turned = detailedHash().toString();
      // A photo checked looks its 24 crop windows up among the centres too.
      photo.crops = Array.from({ length: 24 }, () => detailedHash().toString());
      let asked: { sql: string; parameters: unknown[] } | undefined;
      const recorded = { query: (sql: string, parameters: unknown[]) => ((asked = { sql, parameters }), site.dataSource.query(sql, parameters)) };
      await images.similarListingPhotos(recorded, photo);
      type Node = { 'Relation Name'?: string; 'Plan Rows': number; 'Actual Rows': number; Plans?: Node[] };
      const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
      const [{ 'QUERY PLAN': [explained] }] = await site.dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${asked!.sql}`, asked!.parameters);
      const [read] = nodes(explained.Plan as Node).filter((node) => node['Relation Name'] === 'images');
      // The photos whose bands match, as the planner guessed and as they were.
      expect(read['Plan Rows']).toBeLessThan(10 * Math.max(read['Actual Rows'], 50));
    } finally {
      await site.dataSource.query(`DELETE FROM images WHERE key LIKE $1 || '%'`, [many]);
    }
  });
});
