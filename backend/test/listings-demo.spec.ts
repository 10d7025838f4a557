import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UZBEKISTAN_REGIONS } from '@market/contracts';
import { ListingChecksService } from '../src/moderation/trust/listing-checks.service';
import { referenceMedian } from '../src/browse/price-guide/reference-prices';
import { DemoListings } from '../src/listings/demo/demo-listings';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { listingsApp } from './listings-support';

/** A database of its own: demo listings of every brand would show up in other files' feeds and counts. */
describe('demo listings', () => {
  const databaseName = `market_test_demo_${uniqueRunId()}`;
  let databaseUrl: string;
  let app: INestApplication;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(databaseName);
    app = await listingsApp({ DATABASE_URL: databaseUrl, DEMO_LISTINGS: 'true' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await dropTestDatabase(databaseName);
  });

  it('fills an empty database at start: several sellers, every brand and region, both currencies, photos', async () => {
    const dataSource = app.get(DataSource);
    const [summary] = await dataSource.query(
      `SELECT count(*)::int AS listings, count(DISTINCT author_id)::int AS sellers, count(DISTINCT region)::int AS regions,
              count(DISTINCT category_id)::int AS brands, count(DISTINCT valut)::int AS currencies,
              count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE tarif = 1)::int AS promoted,
              (SELECT count(DISTINCT category_id)::int FROM devices) AS catalogue_brands,
              (SELECT count(*)::int FROM listing l WHERE NOT EXISTS (SELECT 1 FROM listing_image li WHERE li.listing_id = l.id)) AS without_photo
         FROM listing`,
    );
    expect(summary).toMatchObject({ sellers: 14, regions: UZBEKISTAN_REGIONS.length, currencies: 2, without_photo: 0 });
    expect(summary.listings).toBeGreaterThanOrEqual(40);
    expect(summary.active).toBe(summary.listings);
    expect(summary.brands).toBe(summary.catalogue_brands);
    expect(summary.promoted).toBeGreaterThan(0);

    const home = await request(app.getHttpServer()).get('/api/phone').expect(200);
    expect(home.body.phones).toHaveLength(12);
    expect(home.body.phones[0]).toMatchObject({ tarif: 1, image: { location: expect.stringMatching(/\/uploads\/listing\/.+-400\.webp$/) } });
    const photo = await request(app.getHttpServer()).get(new URL(home.body.phones[0].image.location).pathname).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it("looks like a real market: prices within each model's reference band, sellers in their own region, numbers and contacts no one owns", async () => {
    type DemoListing = { model: string; price_uzs: string; region: string; seller_region: string; phone_number: string; telegram: string | null };
    const listings: DemoListing[] = await app.get(DataSource).query(
      `SELECT d.name AS model, l.price_uzs, l.region, u.region AS seller_region, l.phone_number,
              coalesce(l.telegram_username, u.telegram_username) AS telegram
         FROM listing l JOIN devices d ON d.id = l.device_id JOIN users u ON u.id = l.author_id`,
    );
    for (const listing of listings) {
      const median = referenceMedian(listing.model)!;
      // The price guide's band is 0.75-1.3 of the median; a new phone asks its top.
      expect(Number(listing.price_uzs)).toBeGreaterThanOrEqual(median * 0.75);
      expect(Number(listing.price_uzs)).toBeLessThanOrEqual(median * 1.35);
      expect(listing.region).toBe(listing.seller_region);
      // A valid Uzbek mobile (the forms' schema) whose subscriber part starts with 0: never assigned to a person.
      expect(listing.phone_number).toMatch(/^998(20|33|50|77|88|90|91|93|94|95|97|98|99)0\d{6}$/);
      // Any valid Telegram username may be a real person's: a buyer writes to a demo seller on the platform.
      expect(listing.telegram).toBeNull();
    }
  });

  it("passes moderation's checks with no finding on any demo listing", async () => {
    const dataSource = app.get(DataSource);
    const ids: string[] = (await dataSource.query(`SELECT id FROM listing`)).map((row: { id: string }) => row.id);
    // Checked as moderators' checks would check them waiting, then put back on sale.
    await dataSource.query(`UPDATE listing SET status = 'waiting', updated_at = now() WHERE id = ANY($1)`, [ids]);
    const checks = app.get(ListingChecksService);
    while ((await checks.checkWaiting()) > 0);
    await dataSource.query(`UPDATE listing SET status = 'active' WHERE id = ANY($1)`, [ids]);
    const findings = await checks.findingsOf(ids);
    expect(findings.size).toBe(ids.length);
    // Not merely under the review threshold: a first-start market shows nothing a moderator would be asked about.
    const withFindings = [...findings].filter(([, found]) => found.length > 0);
    expect(withFindings).toEqual([]);
  });

  it('adds nothing when run again, on demand or at the next start', async () => {
    const count = async () => (await app.get(DataSource).query(`SELECT count(*)::int AS n FROM listing`))[0].n as number;
    const before = await count();
    expect(await app.get(DemoListings).seed('on-demand')).toEqual({ listings: 0, skipped: 'already seeded' });
    const restarted = await listingsApp({ DATABASE_URL: databaseUrl, DEMO_LISTINGS: 'true' });
    await restarted.close();
    expect(await count()).toBe(before);
  }, 60_000);

  // How long seeding takes is the machine's business (speed goals live in bench/, not in timed tests).
  it('seeds on demand into a database whose listings were removed', async () => {
    const dataSource = app.get(DataSource);
    await dataSource.query(`DELETE FROM listing`);
    const report = await app.get(DemoListings).seed('on-demand');
    expect(report.listings).toBeGreaterThanOrEqual(40);
  }, 60_000);
});
