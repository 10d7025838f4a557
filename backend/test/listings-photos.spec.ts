import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LISTING_LIMITS } from '../src/listings/listing.limits';
import { RateLimitService } from '../src/rate-limit/rate-limit.service';
import { startS3Fake } from '../../test/fakes/s3';
import { burst, countStatuses } from '../../test/support/burst';
import { cameraJpeg, listingsApp, listingsAppForThisFile, signedInUser } from './listings-support';

/** Phone numbers of this file: 99877300xxxx. */
const phone = (n: number) => `99877300${String(n).padStart(4, '0')}`;

/** A JPEG as a phone camera writes it: sideways pixels with orientation 6, the maker, and where it was taken. */
function jpegWithGpsAndRotation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    // A red stripe along the top of the stored pixels: after turning upright it is on the right.
    .composite([{ input: { create: { width, height: Math.round(height / 8), channels: 3, background: { r: 255, g: 0, b: 0 } } }, top: 0, left: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretPhoneMaker', Model: 'X1', Software: 'CameraApp 1.0' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '69/1 16/1 1200/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG header claiming 30000 × 30000 pixels in a file of about a hundred bytes. */
function decompressionBomb(width = 30_000, height = 30_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('listing photos: POST /api/upload (field files)', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let user: { id: string; cookie: string };

  beforeAll(async () => {
    user = await signedInUser(site.app, phone(1));
  });

  const upload = (files: { body: Buffer; name: string; type?: string }[], cookie = user.cookie) => {
    let call = http().post('/api/upload').set('Cookie', cookie);
    for (const file of files) call = call.attach('files', file.body, { filename: file.name, contentType: file.type ?? 'image/jpeg' });
    return call;
  };
  const fetchImage = async (location: string) => {
    const response = await http().get(new URL(location).pathname).buffer(true).expect(200);
    return response.body as Buffer;
  };
  const photosOf = async (userId: string) =>
    (await site.dataSource.query(`SELECT count(*)::int AS n FROM images WHERE owner_id = $1`, [userId]))[0].n as number;

  it('turns a camera photo upright, strips its EXIF and GPS, and stores a large WebP, a thumbnail and a JPEG copy for Instagram', async () => {
    const original = await jpegWithGpsAndRotation(1200, 800);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('SecretPhoneMaker');

    const response = await upload([{ body: original, name: 'IMG_0001.jpg' }]).expect(201);
    expect(response.body).toEqual([{ _id: expect.any(String), key: expect.stringMatching(/^listing\/.+-400\.webp$/), location: expect.any(String) }]);

    const [stored] = await site.dataSource.query(`SELECT key, variant_keys, location, attached, purpose FROM images WHERE id = $1`, [
      response.body[0]._id,
    ]);
    const screenKey = response.body[0].key.replace('-400.webp', '-800.webp');
    const channelKey = response.body[0].key.replace('-400.webp', '-channel.jpg');
    expect(stored).toMatchObject({ purpose: 'listing', attached: false, variant_keys: [response.body[0].key, screenKey, channelKey] });

    const large = await fetchImage(stored.location);
    const screen = await fetchImage(stored.location.replace(stored.key, screenKey));
    const channel = await fetchImage(stored.location.replace(stored.key, channelKey));
    const thumbnail = await fetchImage(response.body[0].location);
    for (const [file, format, width, height] of [
      [large, 'webp', 800, 1200],
      [screen, 'webp', 533, 800],
      [thumbnail, 'webp', 267, 400],
      // Padded to Instagram's 4:5.
      [channel, 'jpeg', 960, 1200],
    ] as const) {
      const metadata = await sharp(file).metadata();
      expect(metadata).toMatchObject({ format, width, height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(file.toString('latin1')).not.toContain('SecretPhoneMaker');
    }
    // Upright: the stripe that was along the top of the sideways pixels is now on the right edge.
    const { data, info } = await sharp(large).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(info.width - 5, info.height / 2)[0]).toBeGreaterThan(200);
    expect(pixel(5, info.height / 2)[0]).toBeLessThan(100);
  });

  it('shrinks a large photo to 1600 px on its longest side', async () => {
    const response = await upload([{ body: await cameraJpeg(1, { width: 4000, height: 3000 }), name: 'big.jpg' }]).expect(201);
    const [stored] = await site.dataSource.query(`SELECT location FROM images WHERE id = $1`, [response.body[0]._id]);
    expect(await sharp(await fetchImage(stored.location)).metadata()).toMatchObject({ width: 1600, height: 1200 });
    expect(await sharp(await fetchImage(response.body[0].location)).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('answers up to 8 photos at once in upload order', async () => {
    const files = await Promise.all(Array.from({ length: 8 }, async (_, i) => ({ body: await cameraJpeg(i), name: `p${i}.jpg` })));
    const response = await upload(files).expect(201);
    expect(response.body).toHaveLength(8);
  });

  it('refuses a ninth photo in one request', async () => {
    const files = await Promise.all(Array.from({ length: 9 }, async (_, i) => ({ body: await cameraJpeg(i), name: `p${i}.jpg` })));
    const before = await photosOf(user.id);
    const response = await upload(files).expect(400);
    expect(response.body).toMatchObject({ code: 'photosMax', fields: { files: 'photosMax' } });
    expect(await photosOf(user.id)).toBe(before);
  });

  it('counts each photo against the seller\'s limit before reading it: over the limit, even 15 MB more answers 429', async () => {
    const seller = await signedInUser(site.app, phone(4));
    await site.app.get(RateLimitService).consume(LISTING_LIMITS.photoUploads, seller.id, LISTING_LIMITS.photoUploads.points - 1);
    const huge = Buffer.concat([await cameraJpeg(7), Buffer.alloc(15 * 1024 * 1024)]);
    const response = await upload([{ body: await cameraJpeg(8), name: 'last.jpg' }, { body: huge, name: 'huge.jpg' }], seller.cookie).expect(429);
    expect(response.body).toMatchObject({ code: 'tooManyRequests', retryAfterSeconds: expect.any(Number) });
    expect(await photosOf(seller.id)).toBe(0);
  });

  it('takes at most the photos left this hour of a burst of uploads sent at once', async () => {
    const seller = await signedInUser(site.app, phone(5));
    await site.app.get(RateLimitService).consume(LISTING_LIMITS.photoUploads, seller.id, LISTING_LIMITS.photoUploads.points - 3);
    const photos = await Promise.all(Array.from({ length: 8 }, (_, index) => cameraJpeg(20 + index)));
    const answers = await burst(8, (index) => upload([{ body: photos[index], name: `burst-${index}.jpg` }], seller.cookie));
    expect(countStatuses(answers)).toEqual({ 201: 3, 429: 5 });
    expect(await photosOf(seller.id)).toBe(3);
  });

  it('refuses a PDF renamed to .jpg with a translated 400 and keeps none of the request\'s photos', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const before = await photosOf(user.id);
    const response = await upload([
      { body: await cameraJpeg(2), name: 'good.jpg' },
      { body: pdf, name: 'holiday.jpg' },
    ]).expect(400);
    expect(response.body).toMatchObject({ code: 'notAnImage', message: { uz: 'Fayl rasm emas. JPG, PNG yoki WEBP rasm yuklang' } });
    expect(await photosOf(user.id)).toBe(before);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const response = await upload([{ body: decompressionBomb(), name: 'tiny.png', type: 'image/png' }]).expect(400);
    expect(response.body).toMatchObject({ code: 'imageTooManyPixels' });
  });

  it("takes a phone's usual photo and refuses one over 25 megapixels before decoding it, saying the limit", async () => {
    const usual = await sharp({ create: { width: 5_712, height: 4_284, channels: 3, background: '#3060a0' } }).png().toBuffer();
    await upload([{ body: usual, name: 'iphone.png', type: 'image/png' }]).expect(201);
    // A 50-megapixel camera mode's picture (8160 x 6144): its header alone is read.
    const response = await upload([{ body: decompressionBomb(8_160, 6_144), name: 'full-resolution.png', type: 'image/png' }]).expect(400);
    expect(response.body).toMatchObject({
      code: 'imageTooManyPixels',
      message: {
        uz: "Rasm o'lchamlari juda katta: ko'pi bilan 25 megapiksel. Kameraning oddiy rejimida suratga oling yoki rasmni kichraytiring",
        ru: 'Слишком большое разрешение фото: не больше 25 мегапикселей. Снимите в обычном режиме камеры или уменьшите фото',
        en: "The photo has too many pixels: at most 25 megapixels. Take it in the camera's usual mode or make it smaller",
      },
    });
  });

  it('refuses a file over 15 MB with 413', async () => {
    const huge = Buffer.concat([await cameraJpeg(3), Buffer.alloc(15 * 1024 * 1024)]);
    const response = await upload([{ body: huge, name: 'huge.jpg' }]).expect(413);
    expect(response.body.code).toBe('payloadTooLarge');
  });

  it('asks a visitor to sign in', async () => {
    await http().post('/api/upload').attach('files', await cameraJpeg(4), 'a.jpg').expect(401);
  });

  it('still answers the avatar field with one image', async () => {
    const response = await http()
      .post('/api/upload')
      .set('Cookie', user.cookie)
      .attach('image', await cameraJpeg(5), 'me.jpg')
      .expect(201);
    expect(response.body).toEqual({ _id: expect.any(String), location: expect.any(String) });
  });
});

describe('listing photos in an S3-compatible bucket', () => {
  const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret', region: 'uz-east-1', bucket: 'listing-photos' };

  it('stores every size and the JPEG copy in the bucket, serves them from its public URL and deletes them with the photo', async () => {
    const s3 = await startS3Fake(credentials);
    const app = await listingsApp(s3.config);
    try {
      const user = await signedInUser(app, phone(2));
      const response = await request(app.getHttpServer())
        .post('/api/upload')
        .set('Cookie', user.cookie)
        .attach('files', await jpegWithGpsAndRotation(600, 400), 'IMG.jpg')
        .expect(201);
      const [photo] = response.body;
      expect(photo.location).toBe(`${s3.config.S3_PUBLIC_URL}/${photo.key}`);
      const jpegKey = photo.key.replace('-400.webp', '-channel.jpg');
      // The app also keeps the catalogue's device pictures in the bucket (seeded at start); only photos are asserted here.
      const photoKeys = () => [...s3.objects.keys()].filter((key) => key.startsWith('listing/')).sort();
      expect(photoKeys()).toEqual(
        [photo.key.replace('-400.webp', '.webp'), photo.key.replace('-400.webp', '-800.webp'), photo.key, jpegKey].sort(),
      );
      expect(s3.objects.get(photo.key)).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
      // Instagram fetches the JPEG copy from the bucket: it must be served as JPEG.
      expect(s3.objects.get(jpegKey)).toMatchObject({ contentType: 'image/jpeg' });

      const served = Buffer.from(await (await fetch(photo.location)).arrayBuffer());
      const metadata = await sharp(served).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 267, height: 400 });
      expect(metadata.exif).toBeUndefined();

      await request(app.getHttpServer()).delete('/api/upload/').set('Cookie', user.cookie).send({ _id: photo._id }).expect(200);
      expect(photoKeys()).toEqual([]);
    } finally {
      await app.close();
      await s3.close();
    }
  });

  it('keeps nothing when the bucket refuses the credentials', async () => {
    const s3 = await startS3Fake(credentials);
    const app = await listingsApp({ ...s3.config, S3_SECRET_ACCESS_KEY: 'wrong-secret' });
    try {
      const user = await signedInUser(app, phone(3));
      const response = await request(app.getHttpServer())
        .post('/api/upload')
        .set('Cookie', user.cookie)
        .attach('files', await cameraJpeg(6), 'a.jpg')
        .expect(500);
      expect(response.body.code).toBe('serverNotWorking');
      expect(s3.objects.size).toBe(0);
      const [{ n }] = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM images WHERE owner_id = $1`, [user.id]);
      expect(n).toBe(0);
    } finally {
      await app.close();
      await s3.close();
    }
  });
});
