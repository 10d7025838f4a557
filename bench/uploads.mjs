// `npm run bench:uploads [-- --clients 8 --rounds 2]`: the largest requests `POST /api/upload`
// allows, sent by `clients` signed-in sellers at once to the production build: `rounds` requests
// each of 8 listing photos of almost 15 MB (noisy JPEGs at quality 100, valid pictures that barely
// compress), then `rounds` requests each of one such avatar. Prints the answers' statuses, the
// API's resident memory (target: peak < 400 MB) and the temporary upload files left behind (0).
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from './lib/args.mjs';
import { memoryMb } from './lib/load.mjs';
import { databaseUrl, migrate, recreateDatabase, requireBuild, root, startApi } from './lib/stack.mjs';

const options = parseArgs({ clients: 8, rounds: 2, database: 'market_bench_uploads' });
const requireFromBackend = createRequire(join(root, 'backend/package.json'));
const sharp = requireFromBackend('sharp');
const { Client } = requireFromBackend('pg');
const { LIMITS } = requireFromBackend('@market/contracts');

/** A valid JPEG just under the size limit: 4000 px wide, the height shrunk until it fits. */
async function largestPhoto() {
  for (let height = 3000; ; ) {
    const photo = await sharp({
      create: { width: 4000, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    if (photo.length <= LIMITS.photoMaxBytes) return photo;
    height = Math.floor((height * LIMITS.photoMaxBytes * 0.995) / photo.length);
  }
}

/** Sellers made straight in the database with a session each, as bench/fanout.ts makes its admin; answers their Cookie headers. */
async function signedInSellers(url, count) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const cookies = [];
    for (let index = 0; index < count; index++) {
      const { rows } = await client.query(
        `INSERT INTO users (phone_number, name, phone_confirmed) VALUES ($1, 'Bench seller', true) RETURNING id`,
        [`99877000${String(index).padStart(4, '0')}`],
      );
      const token = randomBytes(32).toString('base64url');
      await client.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
        rows[0].id,
        createHash('sha256').update(token).digest(),
      ]);
      cookies.push(`session=${token}`);
    }
    return cookies;
  } finally {
    await client.end();
  }
}

/** Sends `files` in one multipart field as a browser does; answers the status. */
function upload(baseUrl, cookie, field, files) {
  const boundary = `bench-${randomBytes(8).toString('hex')}`;
  const parts = files.flatMap((file, index) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo-${index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from('\r\n'),
  ]);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return new Promise((resolve, reject) => {
    const sending = httpRequest(`${baseUrl}/api/upload`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': parts.reduce((length, part) => length + part.length, 0),
      },
    });
    sending.on('response', (response) => response.resume().on('end', () => resolve(response.statusCode)));
    sending.on('error', reject);
    for (const part of parts) sending.write(part);
    sending.end();
  });
}

/** Every client sends `rounds` requests, one after another; answers the statuses and the seconds it took. */
async function run(cookies, send) {
  const started = Date.now();
  const statuses = {};
  await Promise.all(
    cookies.map(async (cookie) => {
      for (let round = 0; round < options.rounds; round++) {
        const status = await send(cookie);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return {
    statuses: Object.entries(statuses).map(([status, count]) => `${status} × ${count}`).join(', '),
    seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
  };
}

function filesUnder(directory) {
  return readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

requireBuild(['backend/dist/main.js']);
const url = databaseUrl(options.database);
await recreateDatabase(options.database);
migrate(url);
const photos = [await largestPhoto(), await largestPhoto()];
const listingPhotos = Array.from({ length: LIMITS.photosMax }, (_, index) => photos[index % photos.length]);

// The API's own temporary directory (TMPDIR), so the files its uploads leave behind can be counted.
const apiTmp = mkdtempSync(join(tmpdir(), 'bench-uploads-tmp-'));
const storage = mkdtempSync(join(tmpdir(), 'bench-uploads-storage-'));
const api = await startApi({
  DATABASE_URL: url,
  STORAGE_DIR: storage,
  SERVE_FRONTEND: 'false',
  QUEUE_PREFIX: `bench_uploads_${process.pid}`,
  TMPDIR: apiTmp,
  // Production requires the key that seals SMS texts; this run sends none.
  SMS_SECRET_KEY: randomBytes(32).toString('base64'),
  IMEI_SECRET_KEY: randomBytes(32).toString('base64'),
});
try {
  const cookies = await signedInSellers(url, options.clients);
  const idle = memoryMb(api.process.pid).rss;
  const photosRun = await run(cookies, (cookie) => upload(api.baseUrl, cookie, 'files', listingPhotos));
  const afterPhotos = memoryMb(api.process.pid).peak;
  const avatarsRun = await run(cookies, (cookie) => upload(api.baseUrl, cookie, 'image', [photos[0]]));
  const { rss, peak } = memoryMb(api.process.pid);
  const megabytes = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  console.log(`${options.clients} clients, ${options.rounds} requests each; photos of ${photos.map((photo) => megabytes(photo.length)).join(' and ')} MB`);
  console.table([
    { case: `listing photos: ${LIMITS.photosMax} per request (${megabytes(listingPhotos.reduce((sum, photo) => sum + photo.length, 0))} MB)`, ...photosRun, 'peak RSS MB so far': afterPhotos },
    { case: 'avatar: 1 per request', ...avatarsRun, 'peak RSS MB so far': peak },
  ]);
  console.log(`API RSS: ${idle} MB idle, ${rss} MB after the load, peak ${peak} MB (target < 400 MB: ${peak < 400 ? 'met' : 'MISSED'})`);
  console.log(`Temporary upload files left: ${filesUnder(apiTmp)}`);
} finally {
  await api.stop();
  rmSync(apiTmp, { recursive: true, force: true });
  rmSync(storage, { recursive: true, force: true });
}
