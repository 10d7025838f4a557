import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LISTING_REGIONS } from '@market/contracts';
import { DemoListings } from '../src/listings/demo/demo-listings';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { listingsApp } from './listings-support';

/** A database of its own: demo listings of every brand would show up in other files' feeds and counts. */
describe('demo listings', () => {
  const databaseName = `market_test_demo_${uniqueRunId()}`;
  let databaseUrl: string;
  let app: INestApplication;
  let startedInMs: number;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(databaseName);
    const started = Date.now();
    app = await listingsApp({ DATABASE_URL: databaseUrl, DEMO_LISTINGS: 'true' });
    startedInMs = Date.now() - started;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await dropTestDatabase(databaseName);
  });

  it('fills an empty database at start, quickly: several sellers, every brand and region, both currencies, photos', async () => {
    const dataSource = app.get(DataSource);
    const [summary] = await dataSource.query(
      `SELECT count(*)::int AS listings, count(DISTINCT author_id)::int AS sellers, count(DISTINCT region)::int AS regions,
              count(DISTINCT category_id)::int AS brands, count(DISTINCT valut)::int AS currencies,
              count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE tarif = 1)::int AS promoted,
              (SELECT count(DISTINCT category_id)::int FROM devices) AS catalogue_brands,
              (SELECT count(*)::int FROM listing l WHERE NOT EXISTS (SELECT 1 FROM listing_image li WHERE li.listing_id = l.id)) AS without_photo
         FROM listing`,
    );
    expect(summary).toMatchObject({ sellers: 6, regions: LISTING_REGIONS.length, currencies: 2, without_photo: 0 });
    expect(summary.listings).toBeGreaterThanOrEqual(40);
    expect(summary.active).toBe(summary.listings);
    expect(summary.brands).toBe(summary.catalogue_brands);
    expect(summary.promoted).toBeGreaterThan(0);
    expect(startedInMs).toBeLessThan(30_000);

    const home = await request(app.getHttpServer()).get('/api/phone').expect(200);
    expect(home.body.phones).toHaveLength(12);
    expect(home.body.phones[0]).toMatchObject({ tarif: 1, image: { location: expect.stringMatching(/\/uploads\/listing\/.+-400\.webp$/) } });
    const photo = await request(app.getHttpServer()).get(new URL(home.body.phones[0].image.location).pathname).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it('adds nothing when run again, on demand or at the next start', async () => {
    const count = async () => (await app.get(DataSource).query(`SELECT count(*)::int AS n FROM listing`))[0].n as number;
    const before = await count();
    expect(await app.get(DemoListings).seed('on-demand')).toEqual({ listings: 0, skipped: 'already seeded' });
    const restarted = await listingsApp({ DATABASE_URL: databaseUrl, DEMO_LISTINGS: 'true' });
    await restarted.close();
    expect(await count()).toBe(before);
  }, 60_000);

  it('seeds on demand in under 10 seconds', async () => {
    const dataSource = app.get(DataSource);
    await dataSource.query(`DELETE FROM listing`);
    const started = Date.now();
    const report = await app.get(DemoListings).seed('on-demand');
    expect(report.listings).toBeGreaterThanOrEqual(40);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
