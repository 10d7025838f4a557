import type { INestApplication } from '@nestjs/common';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RateLimitService } from '../src/rate-limit/rate-limit.service';
import { AVATAR_LIMITS } from '../src/uploads/avatar.limits';
import { createImageStorage, LocalDiskImageStorage, S3ImageStorage } from '../src/uploads/image-storage';
import { TemporaryUploadFiles } from '../src/uploads/temporary-upload-files';
import { startedApp } from '../../test/support/app';
import { testConfig } from '../../test/support/config';
import { signedInUser } from './auth.support';

const phone = (n: number) => `99890300${String(n).padStart(4, '0')}`;

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still not so after ${timeoutMs} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A camera JPEG: 300x200 pixels stored sideways (EXIF orientation 6) with a GPS position and a camera serial. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Samsung', Model: 'Galaxy A54' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '69/1 16/1 0/1' },
    })
    .toBuffer();
}

describe('uploads: avatar and category images', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let storageDir: string;
  let photo: Buffer;

  const server = () => app.getHttpServer();
  /** Loads an image the way a browser does, from its public location. */
  const fetchImage = (location: string) => request(server()).get(new URL(location).pathname).buffer(true);
  const imagesOf = async (ownerId: string) =>
    (await dataSource.query(`SELECT id, purpose FROM images WHERE owner_id = $1`, [ownerId])) as { id: string }[];
  /** The files uploads were streamed to and not yet deleted. */
  const temporaryFiles = () => readdirSync(app.get(TemporaryUploadFiles).directory);

  beforeAll(async () => {
    storageDir = mkdtempSync(join(tmpdir(), 'uploads-'));
    app = await startedApp({ STORAGE_DIR: storageDir });
    dataSource = app.get(DataSource);
    photo = await cameraPhoto();
  });
  afterAll(() => app.close());

  describe('avatar (POST /api/upload, field image)', () => {
    it('stores a square WebP without any metadata, makes it the user\'s image and serves it under /uploads', async () => {
      const { id, cookie } = await signedInUser(app, phone(1));
      const response = await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'me.jpg').expect(201);
      expect(response.body).toEqual({ _id: expect.any(String), location: expect.stringMatching(/^http:\/\/localhost:3000\/uploads\/avatar\/[\w-]+\.webp$/) });

      const served = await fetchImage(response.body.location).expect(200).expect('Content-Type', 'image/webp');
      const metadata = await sharp(served.body).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(served.body.includes('Galaxy')).toBe(false);

      const user = await request(server()).get('/api/user').set('Cookie', cookie).expect(200);
      expect(user.body.image).toEqual(response.body);
      expect(user.body.profileCompleteness).toBe(50);
      expect(await imagesOf(id)).toEqual([{ id: response.body._id, purpose: 'avatar' }]);
    });

    it('replaces the previous avatar and deletes its file', async () => {
      const { id, cookie } = await signedInUser(app, phone(2));
      const first = await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'a.jpg').expect(201);
      const second = await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'b.jpg').expect(201);
      await fetchImage(first.body.location).expect(404);
      await fetchImage(second.body.location).expect(200);
      expect(await imagesOf(id)).toEqual([{ id: second.body._id, purpose: 'avatar' }]);
    });

    it('refuses a text file renamed to .jpg with a translated 400, storing nothing', async () => {
      const { id, cookie } = await signedInUser(app, phone(3));
      const filesBefore = readdirSync(storageDir, { recursive: true }).length;
      const response = await request(server())
        .post('/api/upload')
        .set('Cookie', cookie)
        .attach('image', Buffer.from('this is not a picture\n'.repeat(20)), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(400);
      expect(response.body.code).toBe('notAnImage');
      expect(response.body.message.uz).toBe('Fayl rasm emas. JPG, PNG yoki WEBP rasm yuklang');
      expect(await imagesOf(id)).toEqual([]);
      expect(readdirSync(storageDir, { recursive: true })).toHaveLength(filesBefore);
    });

    it('refuses an SVG (it can carry scripts)', async () => {
      const { cookie } = await signedInUser(app, phone(4));
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
      const response = await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', svg, 'x.svg').expect(400);
      expect(response.body.code).toBe('notAnImage');
    });

    it('answers 400 without a file, 413 for a file over 15 MB and 401 to a visitor', async () => {
      const { cookie } = await signedInUser(app, phone(5));
      const empty = await request(server()).post('/api/upload').set('Cookie', cookie).expect(400);
      expect(empty.body.code).toBe('imageRequired');
      const huge = await request(server())
        .post('/api/upload')
        .set('Cookie', cookie)
        .attach('image', Buffer.alloc(15 * 1024 * 1024 + 1), 'huge.jpg')
        .expect(413);
      expect(huge.body.code).toBe('payloadTooLarge');
      await request(server()).post('/api/upload').attach('image', photo, 'me.jpg').expect(401);
    });

    it('refuses a form field or file the route does not take with a translated 400, storing nothing', async () => {
      const { id, cookie } = await signedInUser(app, phone(6));
      const upload = () => request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'me.jpg');
      for (const refused of [
        upload().field('note', 'x'),
        upload().attach('evil', photo, 'evil.jpg'),
        upload().attach('image', photo, 'second.jpg'),
        upload().attach('files', photo, 'photo.jpg'),
      ]) {
        const response = await refused.expect(400);
        expect(response.body).toMatchObject({
          code: 'unexpectedField',
          message: { uz: "So'rovda bu amal qabul qilmaydigan maydon yoki fayl bor", ru: expect.any(String), en: expect.any(String) },
        });
      }
      expect(await imagesOf(id)).toEqual([]);
      expect(temporaryFiles()).toEqual([]);
    });

    it('streams an upload to a temporary file, not into memory, and deletes the file: stored, refused or broken off', async () => {
      const { cookie } = await signedInUser(app, phone(7));
      if (!server().address()) await new Promise<void>((resolve) => server().listen(0, '127.0.0.1', resolve));
      const { port } = server().address() as AddressInfo;
      /** Sends the first half of the file, waits until it is on the disk, then sends the rest (or goes away); answers the status. */
      const sendInTwoHalves = async (file: Buffer, { breakOff = false } = {}): Promise<number> => {
        const boundary = 'avatar-boundary';
        const upload = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/upload',
          headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        });
        const answered = new Promise<number>((resolve, reject) => {
          upload.on('response', (response) => resolve(response.resume().statusCode ?? 0));
          upload.on('error', reject);
        });
        answered.catch(() => undefined);
        upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
        upload.write(file.subarray(0, file.length / 2));
        await waitFor(() => temporaryFiles().length === 1).catch((error: Error) => {
          upload.destroy();
          throw error;
        });
        if (breakOff) {
          upload.destroy();
          return 0;
        }
        upload.end(Buffer.concat([file.subarray(file.length / 2), Buffer.from(`\r\n--${boundary}--\r\n`)]));
        return answered;
      };
      expect(await sendInTwoHalves(photo)).toBe(201);
      expect(temporaryFiles()).toEqual([]);
      expect(await sendInTwoHalves(Buffer.from('not a picture, '.repeat(100)))).toBe(400);
      expect(temporaryFiles()).toEqual([]);
      await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', Buffer.alloc(15 * 1024 * 1024 + 1), 'me.jpg').expect(413);
      expect(temporaryFiles()).toEqual([]);
      await sendInTwoHalves(photo, { breakOff: true });
      await waitFor(() => temporaryFiles().length === 0);
    });

    it('counts avatar uploads against their own limit before reading the file: over it, even 15 MB more answers 429', async () => {
      const { id, cookie } = await signedInUser(app, phone(8));
      await app.get(RateLimitService).consume(AVATAR_LIMITS.uploads, id, AVATAR_LIMITS.uploads.points);
      const response = await request(server())
        .post('/api/upload')
        .set('Cookie', cookie)
        .attach('image', Buffer.alloc(15 * 1024 * 1024 + 1), 'huge.jpg')
        .expect(429);
      expect(response.body).toMatchObject({ code: 'tooManyRequests', retryAfterSeconds: expect.any(Number) });
      expect(await imagesOf(id)).toEqual([]);
      expect(temporaryFiles()).toEqual([]);
    });

    it('answers concurrent avatar changes of one user without a server error and keeps exactly one avatar', async () => {
      const { id, cookie } = await signedInUser(app, phone(9));
      const first = await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'first.jpg').expect(201);
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, (_, n) => request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, `${n}.jpg`)),
        request(server()).delete('/api/uploadImg/').set('Cookie', cookie).send({ _id: first.body._id }),
      ]);
      const [removal, ...uploads] = answers.reverse();
      expect(uploads.map((answer) => answer.status)).toEqual(Array(8).fill(201));
      expect([200, 404]).toContain(removal.status);

      const [user] = await dataSource.query(`SELECT image_id FROM users WHERE id = $1`, [id]);
      expect(await imagesOf(id)).toEqual([{ id: user.image_id, purpose: 'avatar' }]);
      // Every avatar file on the disk belongs to a stored image: none was left behind by a lost race.
      const avatarKeys = (await dataSource.query(`SELECT key FROM images WHERE purpose = 'avatar'`)).map((row: { key: string }) => row.key);
      const avatarFiles = readdirSync(join(storageDir, 'avatar')).map((file) => `avatar/${file}`);
      expect(avatarKeys).toEqual(expect.arrayContaining(avatarFiles));
    });

    it('answers removals racing replacements of the same avatar without a server error', async () => {
      const { id, cookie } = await signedInUser(app, phone(13));
      const statuses: number[] = [];
      // Each client uploads an avatar and removes it while the others replace it.
      const client = async () => {
        for (let round = 0; round < 3; round++) {
          const uploaded = await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'me.jpg');
          const removed = await request(server()).delete('/api/uploadImg/').set('Cookie', cookie).send({ _id: uploaded.body._id });
          statuses.push(uploaded.status, removed.status);
        }
      };
      await Promise.all(Array.from({ length: 4 }, client));
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      const [user] = await dataSource.query(`SELECT image_id FROM users WHERE id = $1`, [id]);
      expect(await imagesOf(id)).toEqual(user.image_id ? [{ id: user.image_id, purpose: 'avatar' }] : []);
    });
  });

  describe('avatar removal (DELETE /api/uploadImg/)', () => {
    it("removes the user's avatar and its file", async () => {
      const { cookie } = await signedInUser(app, phone(10));
      const uploaded = await request(server()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'a.jpg').expect(201);
      const response = await request(server()).delete('/api/uploadImg/').set('Cookie', cookie).send({ _id: uploaded.body._id }).expect(200);
      expect(response.body.message.uz).toBe("Rasm o'chirildi");
      const user = await request(server()).get('/api/user').set('Cookie', cookie).expect(200);
      expect(user.body.image).toBeNull();
      await fetchImage(uploaded.body.location).expect(404);
    });

    it("refuses to remove someone else's avatar", async () => {
      const owner = await signedInUser(app, phone(11));
      const stranger = await signedInUser(app, phone(12));
      const uploaded = await request(server()).post('/api/upload').set('Cookie', owner.cookie).attach('image', photo, 'a.jpg').expect(201);
      await request(server()).delete('/api/uploadImg/').set('Cookie', stranger.cookie).send({ _id: uploaded.body._id }).expect(404);
      await request(server()).delete('/api/uploadImg/').send({ _id: uploaded.body._id }).expect(401);
      const bad = await request(server()).delete('/api/uploadImg/').set('Cookie', stranger.cookie).send({ _id: 'nope' }).expect(400);
      expect(bad.body.fields).toEqual({ _id: 'invalidValue' });
      await fetchImage(uploaded.body.location).expect(200);
    });
  });

  describe('category image (POST /api/uploadImg)', () => {
    it('is for admins only', async () => {
      const { cookie } = await signedInUser(app, phone(20));
      const response = await request(server()).post('/api/uploadImg').set('Cookie', cookie).attach('image', photo, 'c.jpg').expect(403);
      expect(response.body.code).toBe('forbidden');
    });

    it('stores an upright WebP of the picture and answers {_id, location}', async () => {
      const { cookie } = await signedInUser(app, phone(21), 'admin');
      const response = await request(server()).post('/api/uploadImg').set('Cookie', cookie).attach('image', photo, 'c.jpg').expect(201);
      expect(response.body.location).toMatch(/\/uploads\/category\/[\w-]+\.webp$/);
      const served = await fetchImage(response.body.location).expect(200);
      // Turned by its EXIF orientation: the sideways 300x200 becomes 200x300.
      const metadata = await sharp(served.body).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 200, height: 300 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    });
  });

  describe('with the built frontend served', () => {
    it('serves /uploads files, not the app page', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Telefon bozor</title>');
      const production = await startedApp({ STORAGE_DIR: storageDir, SERVE_FRONTEND: 'true', FRONTEND_DIST: dist });
      try {
        const { cookie } = await signedInUser(production, phone(30));
        const uploaded = await request(production.getHttpServer()).post('/api/upload').set('Cookie', cookie).attach('image', photo, 'a.jpg').expect(201);
        await request(production.getHttpServer()).get(new URL(uploaded.body.location).pathname).expect(200).expect('Content-Type', 'image/webp');
        await request(production.getHttpServer()).get('/uploads/avatar/missing.webp').expect(404);
      } finally {
        await production.close();
      }
    });
  });
});

describe('image storage drivers', () => {
  it('uses the local disk by default', () => {
    const storage = createImageStorage(testConfig({ STORAGE_DIR: '/tmp/x', PUBLIC_URL: 'https://telefonbozor.uz' }));
    expect(storage).toBeInstanceOf(LocalDiskImageStorage);
    expect(storage.locationOf('avatar/a.webp')).toBe('https://telefonbozor.uz/uploads/avatar/a.webp');
  });

  it('refuses a partial S3 configuration, naming what is missing', () => {
    expect(() => createImageStorage(testConfig({ S3_BUCKET: 'images', S3_REGION: 'us-east-1' }))).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL/,
    );
  });

  describe('S3', () => {
    let fakeS3: Server;
    const objects = new Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>();
    let endpoint: string;

    beforeAll(async () => {
      // The two calls the driver makes, as an S3-compatible service (MinIO) answers them with path-style URLs.
      fakeS3 = createServer(async (incoming, response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of incoming) chunks.push(chunk as Buffer);
        const key = decodeURIComponent(new URL(incoming.url!, 'http://x').pathname);
        if (incoming.method === 'PUT') {
          objects.set(key, {
            body: Buffer.concat(chunks),
            contentType: incoming.headers['content-type'],
            cacheControl: incoming.headers['cache-control'],
          });
          response.writeHead(200, { ETag: '"etag"' }).end();
        } else if (incoming.method === 'DELETE') {
          objects.delete(key);
          response.writeHead(204).end();
        } else {
          response.writeHead(405).end();
        }
      });
      await new Promise<void>((resolve) => fakeS3.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(fakeS3.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => fakeS3.close(resolve)));

    it('puts and deletes objects in the bucket and builds public URLs from S3_PUBLIC_URL', async () => {
      const storage = createImageStorage(
        testConfig({
          S3_BUCKET: 'images',
          S3_ENDPOINT: endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_PUBLIC_URL: 'https://cdn.telefonbozor.uz/',
        }),
      );
      expect(storage).toBeInstanceOf(S3ImageStorage);
      await storage.put('avatar/a.webp', Buffer.from('webp bytes'), 'image/webp');
      expect(objects.get('/images/avatar/a.webp')).toMatchObject({
        body: Buffer.from('webp bytes'),
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      expect(storage.locationOf('avatar/a.webp')).toBe('https://cdn.telefonbozor.uz/avatar/a.webp');
      await storage.delete('avatar/a.webp');
      expect(objects.has('/images/avatar/a.webp')).toBe(false);
      expect(existsSync('/images')).toBe(false);
    });
  });
});
