import type { INestApplication } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { completeImei, type ModerationCard } from '@market/contracts';
import type { Config } from '../src/config/config.schema';
import { PUBLIC_READS, PublicReads } from '../src/database/public-reads';
import { DUE_FOR_A_CHECK, ListingChecksService } from '../src/moderation/trust/listing-checks.service';
import { appForThisFile, startedApp, type TestApp } from '../../test/support/app';

export { signedInUser } from './auth.support';
export { detailedPhoto } from '../../test/support/pictures';

/** The USD rate every listings test expects: the configured fallback, also what the exchange-rate tests store. */
export const TEST_USD_RATE = 12_650;

/** The application with images on a temporary disk, as production runs it without S3. */
export function listingsApp(overrides: Partial<Record<keyof Config, string>> = {}): Promise<INestApplication> {
  return startedApp({ STORAGE_DIR: mkdtempSync(join(tmpdir(), 'listing-photos-')), USD_UZS_FALLBACK_RATE: String(TEST_USD_RATE), ...overrides });
}

/** Starts the listings application before this file's tests and closes it after them (appForThisFile). */
export function listingsAppForThisFile(): TestApp {
  return appForThisFile(() => listingsApp());
}

/** A small JPEG as a phone camera writes it; `label` makes each one different. */
export function cameraJpeg(label: number, size = { width: 120, height: 80 }): Promise<Buffer> {
  return sharp({
    create: { ...size, channels: 3, background: { r: (label * 53) % 256, g: (label * 97) % 256, b: 120 } },
  })
    .jpeg()
    .toBuffer();
}

/** Uploads listing photos through `POST /api/upload` (field `files`); answers their ids. */
export async function uploadPhotos(app: INestApplication, cookie: string, count: number): Promise<string[]> {
  let upload = request(app.getHttpServer()).post('/api/upload').set('Cookie', cookie);
  for (let index = 0; index < count; index++) {
    upload = upload.attach('files', await cameraJpeg(index), `photo-${index}.jpg`);
  }
  const response = await upload;
  if (response.status !== 201) throw new Error(`Upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { _id: string }[]).map((image) => image._id);
}

export interface TestDevice {
  id: string;
  name: string;
  categoryId: string;
  memory: { ram: string; storage: string }[];
  colors: string[];
}

/**
 * A brand and devices of this test file's own, so its listings are told apart from other
 * files' in the shared database: one with several memory options and colours, one with a
 * single option of each (the wizard skips those steps), one without specs.
 */
export async function testBrand(app: INestApplication, label: string) {
  const dataSource = app.get(DataSource);
  const brandName = `${label} ${Date.now().toString(36)}`;
  const [{ id: categoryId }] = await dataSource.query(
    `INSERT INTO categories (name, color, number) VALUES ($1, '#123456', 900) RETURNING id`,
    [brandName],
  );
  const insertDevice = async (name: string, internal: string | null, colors: string | null): Promise<TestDevice> => {
    const detailSpec = [
      ...(internal ? [{ category: 'Memory', specifications: [{ name: 'Internal', value: internal }] }] : []),
      ...(colors ? [{ category: 'Misc', specifications: [{ name: 'Colors', value: colors }] }] : []),
    ];
    const quickSpec = [
      { name: 'Display size', value: '6.1"' },
      { name: 'Display resolution', value: '1080x2400 pixels' },
      { name: 'Camera pixels', value: '50MP' },
      { name: 'Battery size', value: '5000mAh' },
    ];
    const [{ id }] = await dataSource.query(
      `INSERT INTO devices (name, category_id, quick_spec, detail_spec) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`${brandName} ${name}`, categoryId, JSON.stringify(quickSpec), JSON.stringify(detailSpec)],
    );
    const memory = (internal ?? '')
      .split(', ')
      .filter(Boolean)
      .map((pair) => {
        const [storage, ram] = pair.split(' ');
        return { storage, ram };
      });
    return { id, name: `${brandName} ${name}`, categoryId, memory, colors: colors ? colors.split(', ') : [] };
  };
  return {
    id: categoryId as string,
    name: brandName,
    phone: await insertDevice('Nova 12', '128GB 6GB RAM, 256GB 8GB RAM', 'Black, Ocean Blue'),
    single: await insertDevice('Lite 3', '64GB 4GB RAM', 'Graphite'),
    bare: await insertDevice('Mini 1', null, null),
  };
}

let imeisMade = 0;

/** A valid IMEI not used before in this test process (its last four digits differ from call to call). */
export function freshImei(): string {
  imeisMade += 1;
  return completeImei(`35${String(imeisMade * 7919).padStart(12, '0')}`);
}

/** A wizard payload that passes every rule (with an IMEI of its own); tests change one part at a time. */
export function wizardPayload(device: TestDevice, images: string[], overrides: Record<string, unknown> = {}) {
  return {
    device: device.id,
    ram: device.memory[1]?.ram ?? null,
    storage: device.memory[1]?.storage ?? null,
    color: device.colors[1] ?? null,
    price: '4 500 000',
    valut: 'uzs',
    description: 'Ideal holatda, qutisi bilan',
    authorName: 'Aziz',
    telegramUsername: '@aziz_seller',
    updateProfile: false,
    region: 'toshkent',
    images,
    condition: false,
    documents: true,
    delivery: true,
    imei: [freshImei()],
    uzimeiRegistered: true,
    noInstalmentDebt: true,
    grade: 'B',
    battery: 91,
    tarif: 0,
    step: 9,
    ...overrides,
  };
}

/** Approves a listing as moderation would (that flow is tested with moderation). */
export async function approve(app: INestApplication, listingId: string): Promise<void> {
  await app.get(DataSource).query(`UPDATE listing SET status = 'active', approved_at = now() WHERE id = $1`, [listingId]);
}

/** Every card of the moderators' waiting tab, page by page in its order (other files' listings wait there too). */
export async function waitingTab(app: INestApplication, adminCookie: string): Promise<ModerationCard[]> {
  const cards: ModerationCard[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const { body } = await request(app.getHttpServer()).get(`/api/phone/waiting?status=waiting&page=${page}`).set('Cookie', adminCookie).expect(200);
    cards.push(...body.phones);
    pages = body.pages;
  }
  return cards;
}

/**
 * Runs the moderators' checks (ListingChecksService.checkWaiting, a hundred listings a run, the
 * longest waiting first) until each of `listingIds` still waiting is checked as it is now: the test
 * files run before this one in its jest worker's database may have left waiting listings that come first.
 */
export async function checkListings(app: INestApplication, listingIds: string[]): Promise<void> {
  const dataSource = app.get(DataSource);
  for (let run = 0; run < 50; run++) {
    const [{ due }] = await dataSource.query(
      `SELECT count(*)::int AS due FROM listing l LEFT JOIN listing_check c ON c.listing_id = l.id
        WHERE l.id = ANY($1) AND ${DUE_FOR_A_CHECK}`,
      [listingIds],
    );
    if (due === 0) return;
    await app.get(ListingChecksService).checkWaiting();
  }
  throw new Error(`Listings ${listingIds.join(', ')} were not checked in 50 runs`);
}

/**
 * Records the SQL the requests under test run, with the pool each ran on: the main pool's
 * (TypeORM's query runners, 'default') and the public reads' (PublicReads, on its own pool or a
 * replica's). `restore` stops recording.
 */
export function recordQueries(): { ran: () => Array<{ sql: string; pool: string; prepared?: boolean }>; restore: () => void } {
  const runners = jest.spyOn(PostgresQueryRunner.prototype, 'query');
  const publicReads = jest.spyOn(PublicReads.prototype, 'query');
  return {
    ran: () => [
      ...runners.mock.calls.map(([sql], index) => ({ sql, pool: (runners.mock.contexts[index] as PostgresQueryRunner).connection.name })),
      ...publicReads.mock.calls.map(([sql, , options]) => ({ sql, pool: PUBLIC_READS, prepared: options?.prepared ?? false })),
    ],
    restore: () => {
      runners.mockRestore();
      publicReads.mockRestore();
    },
  };
}
