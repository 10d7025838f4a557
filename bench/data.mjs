// `npm run bench:data -- --listings 1000000`: a separate database filled by COPY with realistic
// listings (every brand and status, both currencies, promoted ones), their sellers and photo records,
// and promotions bought for some listings on sale (issue 39): running TOPs the feed's TOP places read.
import { randomInt, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { parseArgs } from './lib/args.mjs';
import { databaseUrl, recreateDatabase, requireBuild, root, migrate, startApi } from './lib/stack.mjs';

const { listings: listingCount, database } = parseArgs({ listings: 1_000_000, database: 'market_bench' });
const { Client } = createRequire(join(root, 'backend/package.json'))('pg');
const USD_RATE = 12_650;
const REGIONS = ['toshkent', 'toshkent', 'toshkent', 'samarqand', 'fargona', 'andijon', 'namangan', 'buxoro', 'xorazm', 'qashqadaryo', 'surxondaryo', 'jizzax', 'sirdaryo', 'navoiy', 'qoraqalpogiston', 'other'];
const STATUSES = [['active', 80], ['waiting', 8], ['noActive', 5], ['cancelled', 4], ['draft', 3]];
/** Listings on sale with a promotion bought, per 10,000; of those, the products bought (TOP runs 3 or 7 days). */
const PROMOTED_PER_10_000 = 30;
const PROMOTION_PRODUCTS = [['top3', 40], ['top7', 30], ['lift', 20], ['channelRepost', 10]];
const { PROMOTION_DEFAULT_PRICES, TOP_DAYS } = createRequire(import.meta.url)(join(root, 'contracts/dist/index.js'));
const MEMORY = [['64GB', '4GB'], ['128GB', '4GB'], ['128GB', '6GB'], ['128GB', '8GB'], ['256GB', '8GB'], ['256GB', '12GB'], ['512GB', '12GB']];
const COLORS = ['Black', 'White', 'Blue', 'Green', 'Midnight', 'Starlight', 'Graphite', 'Silver'];
const DESCRIPTIONS = ['Ideal holatda, quti va hujjatlari bor', "Yangi, ochilmagan. Kafolat bor", 'Ekranida kichik chiziq bor, batareya 87%', "Sotiladi, kelishamiz. Faqat Toshkent bo'ylab", 'Состояние отличное, полный комплект', 'Used for a year, no scratches'];
const started = Date.now();

const pick = (list) => list[randomInt(list.length)];
function pickWeighted(weighted) {
  let roll = randomInt(100);
  for (const [value, weight] of weighted) if ((roll -= weight) < 0) return value;
  return weighted[0][0];
}
const csv = (values) => values.map((value) => (value === null ? '' : `"${String(value).replace(/"/g, '""')}"`)).join(',') + '\n';

async function copy(client, table, columns, rows) {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`));
  await pipeline(Readable.from((function* () { for (const row of rows()) yield csv(row); })()), stream);
}

function step(label, since) {
  console.log(`${label}: ${((Date.now() - since) / 1000).toFixed(1)} s`);
}

requireBuild(['backend/dist/main.js', 'frontend/dist/index.html']);
await recreateDatabase(database);
const url = databaseUrl(database);
migrate(url);
// The API seeds the brands and the device catalogue at start; production mode adds no demo listings.
const api = await startApi({ DATABASE_URL: url });
await api.stop();
step('Schema and catalogue', started);

const client = new Client({ connectionString: url });
await client.connect();
await client.query(`INSERT INTO exchange_rate (currency, rate, source) VALUES ('usd', $1, 'bench') ON CONFLICT (currency) DO UPDATE SET rate = $1`, [USD_RATE]);
const { rows: devices } = await client.query('SELECT id, category_id, name FROM devices');

const sellerCount = Math.max(10, Math.ceil(listingCount / 50));
const sellers = Array.from({ length: sellerCount }, (_, index) => ({
  id: randomUUID(),
  phone: `99890${String(index).padStart(7, '0')}`,
  name: pick(['Aziz', 'Dilnoza', 'Jasur', 'Malika', 'Sardor', 'Nodira', 'Bekzod', 'Gulnora', 'Timur', 'Olga']),
}));
let since = Date.now();
await copy(client, 'users', ['id', 'phone_number', 'name', 'phone_confirmed'], function* () {
  for (const seller of sellers) yield [seller.id, seller.phone, seller.name, true];
});
step(`${sellerCount} sellers`, since);

since = Date.now();
const now = Date.now();
// Listings are written as they are posted, oldest first, as a live table has them: the feed's
// neighbours share pages of the table (random order would make every card a page of its own).
const ages = Float64Array.from({ length: listingCount }, () => randomInt(180 * 24 * 3600)).sort().reverse();
const listingIds = new Array(listingCount);
const promotable = [];
await copy(
  client,
  'listing',
  ['id', 'author_id', 'device_id', 'category_id', 'name', 'price', 'valut', 'price_uzs', 'condition', 'document', 'shipping', 'region', 'color', 'ram', 'storage', 'description', 'tarif', 'status', 'step', 'phone_number', 'author_name', 'posts', 'created_at', 'updated_at'],
  function* () {
    for (let index = 0; index < listingCount; index++) {
      const id = randomUUID();
      listingIds[index] = id;
      const seller = pick(sellers);
      const device = pick(devices);
      const usd = randomInt(100) < 35;
      const priceUzs = randomInt(40, 2_000) * 10_000;
      const price = usd ? Math.max(1, Math.round(priceUzs / USD_RATE)) : priceUzs;
      const status = pickWeighted(STATUSES);
      const promoted = randomInt(100) < 5 ? 1 : 0;
      const [storage, ram] = pick(MEMORY);
      const createdAt = new Date(now - ages[index] * 1000).toISOString();
      if (status === 'active' && randomInt(10_000) < PROMOTED_PER_10_000) promotable.push({ id, sellerId: seller.id });
      const posts = promoted && status === 'active' ? JSON.stringify({ telegram: { posted: true, link: `https://t.me/telefonbozor/${index}` } }) : '{}';
      yield [id, seller.id, device.id, device.category_id, device.name, price, usd ? 'usd' : 'uzs', usd ? price * USD_RATE : price, randomInt(100) < 15, randomInt(2) === 1, randomInt(3) === 0, pick(REGIONS), pick(COLORS), ram, storage, pick(DESCRIPTIONS), promoted, status, status === 'draft' ? randomInt(10) : 9, seller.phone, seller.name, posts, createdAt, createdAt];
    }
  },
);
step(`${listingCount} listings`, since);

since = Date.now();
const imageIds = new Array(listingCount);
await copy(client, 'images', ['id', 'owner_id', 'purpose', 'key', 'variant_keys', 'location', 'attached'], function* () {
  for (let index = 0; index < listingCount; index++) {
    const id = randomUUID();
    imageIds[index] = id;
    const key = `listings/bench/${id}.webp`;
    // The copies the upload makes (LISTING_PHOTO_VARIANTS): the 400 px thumbnail, then the 800 px screen copy.
    yield [id, null, 'listing', key, `{listings/bench/${id}-400.webp,listings/bench/${id}-800.webp}`, `http://localhost:3000/uploads/${key}`, true];
  }
});
await copy(client, 'listing_image', ['listing_id', 'position', 'image_id'], function* () {
  for (let index = 0; index < listingCount; index++) yield [listingIds[index], 0, imageIds[index]];
});
step(`${listingCount} photo records`, since);

// Promotions as the API records them (the ledger's charges are left out: the benchmarks read the feed).
// A TOP began within its days, so almost all are running; a lift or a repost is done.
since = Date.now();
await copy(client, 'promotion', ['id', 'listing_id', 'buyer_id', 'product', 'price', 'state', 'starts_at', 'ends_at'], function* () {
  for (const { id, sellerId } of promotable) {
    const product = pickWeighted(PROMOTION_PRODUCTS);
    const days = TOP_DAYS[product] ?? 0;
    const startsAt = now - randomInt(Math.max(days, 1) * 24 * 3600) * 1000;
    const endsAt = days ? new Date(startsAt + days * 24 * 3600 * 1000).toISOString() : null;
    yield [randomUUID(), id, sellerId, product, PROMOTION_DEFAULT_PRICES[product], days ? 'running' : 'done', new Date(startsAt).toISOString(), endsAt];
  }
});
step(`${promotable.length} promotions`, since);

// As autovacuum leaves a live database: statistics, and a visibility map so that counts are index-only scans.
since = Date.now();
await client.query('VACUUM (ANALYZE)');
step('VACUUM (ANALYZE)', since);
await client.end();
step(`Done: database ${database} with ${listingCount} listings in`, started);
