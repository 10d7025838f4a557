// The long tail of issue 17: public traffic in which each request is a different URL drawn from
// the whole bench:data database (any page, any listing, any model as people type it), so that
// the answer caches rarely hold what is asked and the system itself is measured. bench:api runs
// each class and a realistic mix; the soak drill replays the classes together.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { databaseUrl, root } from './stack.mjs';

const requireFromBackend = createRequire(join(root, 'backend/package.json'));
const { Client } = requireFromBackend('pg');
const { LISTING_REGIONS, LIMITS } = requireFromBackend('@market/contracts');

const ON_SALE = `status = 'active' AND deleted_at IS NULL`;
/** A sitemap file holds this many URLs (the protocol's maximum, as the API writes them). */
const SITEMAP_URLS_PER_FILE = 50_000;

const randomInt = (below) => Math.floor(Math.random() * below);
const pick = (values) => values[randomInt(values.length)];
const query = (parameters) =>
  Object.entries(parameters)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');

/**
 * A Zipf draw over ranks 1..n (rank r drawn in proportion to 1/r^s): a few popular items and a
 * long tail, as visits to listings, pages, brands and models are spread on a real site.
 */
export function zipf(n, s = 1) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 1; rank <= n; rank++) cumulative[rank - 1] = sum += 1 / rank ** s;
  return () => {
    const target = Math.random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

function shuffled(values) {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/** How a person names a model: the catalogue name, or without the brand ('iphone 13', 'redmi note 12'). */
function typedModelName(deviceName) {
  const words = deviceName.toLowerCase().split(' ');
  return words.length > 1 && Math.random() < 0.7 ? words.slice(1).join(' ') : words.join(' ');
}

/** One typo: two neighbouring letters swapped ('galaxy' → 'galayx'), in a word of three letters or more. */
export function withSwappedLetters(name) {
  const places = [];
  let start = 0;
  for (const word of name.split(' ')) {
    if (word.replace(/[^a-z]/g, '').length >= 3) {
      for (let index = 0; index + 1 < word.length; index++) {
        if (/[a-z]/.test(word[index]) && /[a-z]/.test(word[index + 1]) && word[index] !== word[index + 1]) places.push(start + index);
      }
    }
    start += word.length + 1;
  }
  if (!places.length) return name;
  const index = pick(places);
  return name.slice(0, index) + name[index + 1] + name[index] + name.slice(index + 2);
}

/**
 * How people in Uzbekistan write model names in Cyrillic, word by word, as seen on classifieds
 * ('айфон', 'галакси', 'редми ноут'); other words are spelled letter by letter by sound, and
 * letters in model codes ('a54', 'x5') by the Cyrillic letter that looks the same where there is one.
 */
const CYRILLIC_WORDS = {
  apple: 'эпл', iphone: 'айфон', samsung: 'самсунг', galaxy: 'галакси', xiaomi: 'сяоми', redmi: 'редми', note: 'ноут',
  poco: 'поко', google: 'гугл', pixel: 'пиксель', honor: 'хонор', huawei: 'хуавей', tecno: 'текно', spark: 'спарк',
  camon: 'камон', pova: 'пова', infinix: 'инфиникс', hot: 'хот', smart: 'смарт', zero: 'зиро', vivo: 'виво',
  realme: 'реалми', oppo: 'оппо', oneplus: 'ванплюс', nokia: 'нокиа', motorola: 'моторола', moto: 'мото', edge: 'эдж',
  nothing: 'нотинг', phone: 'фон', pro: 'про', max: 'макс', plus: 'плюс', mini: 'мини', ultra: 'ультра', lite: 'лайт',
  fold: 'фолд', flip: 'флип', magic: 'мэджик', nova: 'нова', mate: 'мейт', neo: 'нео', prime: 'прайм',
};
const BY_SOUND = { a: 'а', b: 'б', c: 'к', d: 'д', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'дж', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'кс', y: 'й', z: 'з' };
const LOOK_ALIKE = { a: 'а', c: 'с', e: 'е', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у' };
/** The Latin letters an Uzbek keyboard gives the Cyrillic spelling ('айфон' → 'ayfon', 'хонор' → 'xonor'). */
const UZBEK_LATIN = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'j', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'x', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sh', ъ: '', ы: 'i', ь: '', э: 'e', ю: 'yu', я: 'ya' };

/** A word in Cyrillic, and as an Uzbek keyboard gives that spelling in Latin ('айфон', 'ayfon'). */
function otherScripts(word) {
  // Model codes ('a54', 'x5', 'xr') are written with the Cyrillic letters that look the same, and stay Latin in Latin.
  if (/\d/.test(word) || word.length <= 2) return { cyrillic: [...word].map((letter) => LOOK_ALIKE[letter] ?? letter).join(''), latin: word };
  const cyrillic = CYRILLIC_WORDS[word] ?? [...word].map((letter) => BY_SOUND[letter] ?? letter).join('');
  return { cyrillic, latin: [...cyrillic].map((letter) => UZBEK_LATIN[letter] ?? letter).join('') };
}

export function cyrillicSpelling(name) {
  return name.split(' ').map((word) => otherScripts(word).cyrillic).join(' ');
}

export function uzbekLatinSpelling(name) {
  return name.split(' ').map((word) => otherScripts(word).latin).join(' ');
}

/** What the traffic is drawn from: every listing on sale, the brands, the regions and the catalogue. */
async function loadDataSet(database) {
  // A connection string (the scale-out drill's own cluster), or a database of the bench's server.
  const client = new Client({ connectionString: database.includes('://') ? database : databaseUrl(database) });
  await client.connect();
  try {
    const listingIds = (await client.query({ text: `SELECT id FROM listing WHERE ${ON_SALE}`, rowMode: 'array' })).rows.map(([id]) => id);
    if (!listingIds.length) throw new Error(`No listings in ${database}: run npm run bench:data first`);
    // Brands by their number of listings (the popular first), devices with theirs.
    const brands = (
      await client.query(
        `SELECT c.id, c.name, count(l.id)::int AS listings FROM categories c LEFT JOIN listing l ON l.category_id = c.id AND l.${ON_SALE}
          GROUP BY c.id ORDER BY listings DESC, c.name`,
      )
    ).rows;
    const devices = (
      await client.query(
        `SELECT d.name, count(l.id)::int AS listings FROM devices d LEFT JOIN listing l ON l.device_id = d.id AND l.${ON_SALE}
          GROUP BY d.id ORDER BY listings DESC, d.name`,
      )
    ).rows;
    const regions = (await client.query(`SELECT region, count(*)::int AS listings FROM listing WHERE ${ON_SALE} GROUP BY region ORDER BY listings DESC`)).rows;
    return { listingIds, brands, devices, regions };
  } finally {
    await client.end();
  }
}

/** Price bounds as people type them: round sums of so'm, a lower bound, an upper one or both. */
function priceBounds() {
  const round = () => (1 + randomInt(40)) * 500_000;
  const [low, high] = [round(), round()].sort((a, b) => a - b);
  const shape = randomInt(3);
  return { minPrice: shape !== 1 ? low : undefined, maxPrice: shape !== 0 ? high + 500_000 : undefined };
}

/**
 * `{ classes, mix }`: each class `{ name, nextPath }` draws a new URL per call, uniformly over the
 * data set; `mix` draws with Zipf popularity over listings, pages, regions, brands and models.
 * `database`: a database name on the bench's server, or a connection string.
 */
export async function longTailTraffic(database) {
  const { listingIds, brands, devices, regions } = await loadDataSet(database);
  const feedPages = Math.ceil(listingIds.length / LIMITS.listingsPerPage);
  const sitemapFiles = Math.ceil((listingIds.length + 1) / SITEMAP_URLS_PER_FILE);
  const regionIds = LISTING_REGIONS.map((region) => region.id);
  const pagesOf = (listings) => Math.max(1, Math.ceil(listings / LIMITS.listingsPerPage));
  /** A model search: any page of the model's listings, so that each request is a different URL. */
  const modelSearch = (device, spell) => `/api/phone?${query({ page: 1 + randomInt(pagesOf(device.listings)), name: spell(typedModelName(device.name)) })}`;
  const otherSpelling = (name) => (Math.random() < 0.5 ? cyrillicSpelling(name) : uzbekLatinSpelling(name));

  const classes = [
    { name: 'any feed page (uniform over every page)', nextPath: () => `/api/phone?page=${1 + randomInt(feedPages)}` },
    {
      name: 'filters: brand, region, price bounds (pages 1-20)',
      nextPath: () => {
        const filters = {
          brand: Math.random() < 0.6 ? pick(brands).id : undefined,
          region: Math.random() < 0.6 ? pick(regionIds) : undefined,
          ...(Math.random() < 0.6 ? priceBounds() : {}),
        };
        return `/api/phone?${query({ page: 1 + randomInt(20), ...filters })}`;
      },
    },
    { name: 'model name (any model, any of its pages)', nextPath: () => modelSearch(pick(devices), (name) => name) },
    { name: 'model name with two letters swapped', nextPath: () => modelSearch(pick(devices), withSwappedLetters) },
    { name: "Cyrillic or Uzbek Latin spelling ('айфон 13', 'ayfon 13')", nextPath: () => modelSearch(pick(devices), otherSpelling) },
    { name: 'detail of any listing on sale (uniform)', nextPath: () => `/api/phone/${pick(listingIds)}` },
    // Crawlers ask for gzip (Googlebot, Bingbot and Yandex all do), so the class does too.
    {
      name: `sitemap file (any of ${sitemapFiles}, gzip)`,
      nextPath: () => `/sitemap-${1 + randomInt(sitemapFiles)}.xml`,
      sitemap: true,
      headers: { 'accept-encoding': 'gzip' },
    },
  ];

  // The realistic mix: popularity falls off with rank (Zipf) for listings, pages, regions, brands and models.
  const popularListing = zipf(listingIds.length);
  const popularPage = zipf(feedPages);
  const popularRegion = zipf(regions.length);
  const popularBrand = zipf(brands.length);
  const popularDevice = zipf(devices.length);
  const zipf20 = zipf(20);
  // Listings are ranked in an order of their own, not the feed's: the popular ones are anywhere in it.
  const listingByRank = shuffled(listingIds);
  const mixed = [
    [40, () => `/api/phone/${listingByRank[popularListing()]}`],
    [20, () => `/api/phone?page=${1 + popularPage()}`],
    [8, () => `/api/phone?${query({ page: 1 + zipf20(), region: regions[popularRegion()].region })}`],
    [8, () => `/api/phone?${query({ page: 1 + zipf20(), brand: brands[popularBrand()].id, ...(Math.random() < 0.3 ? priceBounds() : {}) })}`],
    [14, () => `/api/phone?${query({ page: 1 + zipf20(), name: typedModelName(devices[popularDevice()].name) })}`],
    [3, () => `/api/phone?${query({ page: 1, name: withSwappedLetters(typedModelName(devices[popularDevice()].name)) })}`],
    [3, () => `/api/phone?${query({ page: 1, name: otherSpelling(typedModelName(devices[popularDevice()].name)) })}`],
    [4, () => '/api/category'],
  ];
  const totalWeight = mixed.reduce((sum, [weight]) => sum + weight, 0);
  const mix = () => {
    let roll = Math.random() * totalWeight;
    for (const [weight, nextPath] of mixed) if ((roll -= weight) < 0) return nextPath();
    return mixed[0][1]();
  };
  return { classes, mix, counts: { listings: listingIds.length, feedPages, sitemapFiles } };
}

/** autocannon's `requests` option: one GET whose path is drawn anew for every request. */
export function drawnRequests(nextPath, headers = {}) {
  return [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: nextPath() }) }];
}
