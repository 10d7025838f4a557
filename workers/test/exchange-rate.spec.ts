import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExchangeRateService, type AppConfig, type Config } from '@market/backend';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { ExchangeRateEntity } from '../../backend/src/listings/exchange-rate.service';
import { startHttpFake } from '../../test/fakes/http-fake';
import { testConfig } from '../../test/support/config';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { ExchangeRateScheduler } from '../src/exchange-rate/exchange-rate.scheduler';
import { UsdRateClient } from '../src/exchange-rate/usd-rate.client';

/**
 * The USD rate refresh against a fake of the Central Bank's JSON. A database of its own: a new
 * rate re-prices every dollar listing of the table, which other test files fill too.
 */
describe('the USD rate refresh', () => {
  const databaseName = `market_test_rates_${uniqueRunId()}`;
  let cbu: Awaited<ReturnType<typeof startHttpFake>>;
  let answer: { status?: number; body: unknown };
  let config: Config;
  let dataSource: DataSource;
  let rates: ExchangeRateService;
  let scheduler: ExchangeRateScheduler;

  async function listing(price: number, valut: 'usd' | 'uzs', priceUzs: number): Promise<string> {
    const [{ id }] = await dataSource.query(
      `INSERT INTO listing (author_id, status, price, valut, price_uzs, step)
       VALUES ((SELECT id FROM users LIMIT 1), 'draft', $1, $2, $3, 3) RETURNING id`,
      [price, valut, priceUzs],
    );
    return id;
  }
  const priceUzs = async (id: string) => Number((await dataSource.query(`SELECT price_uzs FROM listing WHERE id = $1`, [id]))[0].price_uzs);

  beforeAll(async () => {
    cbu = await startHttpFake(() => answer);
    config = testConfig({
      DATABASE_URL: await createTestDatabase(databaseName),
      EXCHANGE_RATE_URL: `${cbu.url}/uz/arkhiv-kursov-valyut/json/USD/`,
      USD_UZS_FALLBACK_RATE: '12650',
    });
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [ExchangeRateEntity] }).initialize();
    await dataSource.query(`INSERT INTO users (phone_number) VALUES ('998770000001')`);
    rates = new ExchangeRateService(dataSource, config as AppConfig);
    scheduler = new ExchangeRateScheduler(new UsdRateClient(config as AppConfig), rates, config as AppConfig);
  });
  beforeEach(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await dataSource.destroy();
    await cbu.close();
    await dropTestDatabase(databaseName);
  });

  it('uses the configured fallback rate before any rate was fetched', async () => {
    expect(await rates.usdRateCents()).toBe(1_265_000n);
    expect(await rates.current()).toMatchObject({ rate: 12650, fetchedAt: null });
  });

  it("stores the CBU's rate and re-prices the dollar listings in so'm, once however often it runs", async () => {
    const dollars = await listing(100, 'usd', 100 * 12650);
    const odd = await listing(333, 'usd', 333 * 12650);
    const soum = await listing(5_000_000, 'uzs', 5_000_000);
    answer = { body: [{ id: 69, Code: '840', Ccy: 'USD', CcyNm_UZ: 'AQSH dollari', Nominal: '1', Rate: '12800.55', Date: '21.11.2026' }] };

    expect(await scheduler.refresh()).toBe(true);
    expect(cbu.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /uz/arkhiv-kursov-valyut/json/USD/']);
    expect(await rates.current()).toMatchObject({ rate: 12800.55, source: config.EXCHANGE_RATE_URL });
    expect(await priceUzs(dollars)).toBe(1_280_055);
    // 333 × 12 800.55 = 4 262 583.15: rounded as PostgreSQL rounds, and as new listings are priced.
    expect(await priceUzs(odd)).toBe(4_262_583);
    expect(await priceUzs(soum)).toBe(5_000_000);

    expect(await rates.store(12800.55, 'again')).toBe(0);
    expect(await priceUzs(dollars)).toBe(1_280_055);
  });

  it('corrects a dollar listing saved with an older rate on the next run', async () => {
    const stale = await listing(200, 'usd', 200 * 12650);
    expect(await scheduler.refresh()).toBe(true);
    expect(await priceUzs(stale)).toBe(2_560_110);
  });

  it.each([
    ['a server error', { status: 500, body: { error: 'unavailable' } }],
    ['an HTML page', { body: '<html>maintenance</html>' }],
    ['no dollar rate', { body: [{ Ccy: 'EUR', Rate: '14000.10' }] }],
    ['a rate that is not a number', { body: [{ Ccy: 'USD', Rate: 'n/a' }] }],
  ])('keeps the stored rate when the source answers %s', async (_case, failure) => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    answer = failure;
    expect(await scheduler.refresh()).toBe(false);
    expect((await rates.current()).rate).toBe(12800.55);
  });

  it('keeps the stored rate when the source is unreachable', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const unreachable = new ExchangeRateScheduler(
      new UsdRateClient({ ...config, EXCHANGE_RATE_URL: 'http://127.0.0.1:9/rates' } as AppConfig),
      rates,
      config as AppConfig,
    );
    expect(await unreachable.refresh()).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('USD rate not refreshed'));
    expect((await rates.current()).rate).toBe(12800.55);
  });
});
