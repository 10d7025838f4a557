import { ModelMatcher } from './device-match';
import { readSeedFiles, SHIPPED_SEED_DIR } from './seed/seed-files';

/** The shipped catalogue, every model as popular as the others: the order comes from the names alone. */
const matcher = new ModelMatcher(
  readSeedFiles(SHIPPED_SEED_DIR)
    .flatMap((file) => file.devices)
    .map((device, index) => ({ id: String(index), name: device.name, searchCount: 0 })),
);
const first = (typed: string) => matcher.match(typed).models[0]?.name;
const names = (typed: string) => matcher.match(typed).models.map((model) => model.name);

describe('ModelMatcher: what buyers and sellers in Uzbekistan type, and the model meant first', () => {
  it.each([
    // Latin, as written
    ['iphone 13', 'Apple iPhone 13'],
    ['iPhone 13 Pro Max', 'Apple iPhone 13 Pro Max'],
    ['apple iphone 15', 'Apple iPhone 15'],
    ['iphone 11 pro', 'Apple iPhone 11 Pro'],
    ['iphone xr', 'Apple iPhone XR'],
    ['iphone13', 'Apple iPhone 13'],
    ['iphone 13 promax', 'Apple iPhone 13 Pro Max'],
    ['samsung galaxy a54', 'Samsung Galaxy A54'],
    ['galaxy a 54', 'Samsung Galaxy A54'],
    ['galaxy s23', 'Samsung Galaxy S23'],
    ['s23 ultra', 'Samsung Galaxy S23 Ultra'],
    ['galaxy s24 ultra', 'Samsung Galaxy S24 Ultra'],
    ['redmi note 13', 'Xiaomi Redmi Note 13'],
    ['redmi note 13 pro', 'Xiaomi Redmi Note 13 Pro'],
    ['redmi 13', 'Xiaomi Redmi 13'],
    ['poco x6', 'Xiaomi Poco X6'],
    ['tecno spark 20', 'Tecno Spark 20'],
    ['infinix hot 40', 'Infinix Hot 40'],
    ['pixel 7a', 'Google Pixel 7a'],
    // Russian and Uzbek Cyrillic
    ['айфон 13', 'Apple iPhone 13'],
    ['айфон 13 про', 'Apple iPhone 13 Pro'],
    ['айфон 15 про макс', 'Apple iPhone 15 Pro Max'],
    ['айфон 11', 'Apple iPhone 11'],
    ['айфон хр', 'Apple iPhone XR'],
    ['самсунг галакси а54', 'Samsung Galaxy A54'],
    ['самсунг а54', 'Samsung Galaxy A54'],
    ['гэлакси s23', 'Samsung Galaxy S23'],
    ['галакси с23 ультра', 'Samsung Galaxy S23 Ultra'],
    ['редми ноут 13', 'Xiaomi Redmi Note 13'],
    ['редми 13', 'Xiaomi Redmi 13'],
    ['сяоми редми ноут 12', 'Xiaomi Redmi Note 12'],
    ['ксиоми редми ноут 12', 'Xiaomi Redmi Note 12'],
    ['поко х6 про', 'Xiaomi Poco X6 Pro'],
    ['техно спарк 20', 'Tecno Spark 20'],
    ['инфиникс хот 40', 'Infinix Hot 40'],
    ['хонор х7б', 'Honor X7b'],
    ['пиксель 7а', 'Google Pixel 7a'],
    // Transliterated, Uzbek Latin by ear
    ['ayfon 13', 'Apple iPhone 13'],
    ['aifon 14 pro', 'Apple iPhone 14 Pro'],
    ['ayfon 15 pro maks', 'Apple iPhone 15 Pro Max'],
    ['samsung galaksi a54', 'Samsung Galaxy A54'],
    ['galaxi s23', 'Samsung Galaxy S23'],
    ['redmi nout 13', 'Xiaomi Redmi Note 13'],
    ['xonor x7b', 'Honor X7b'],
    ['tekno spark 20', 'Tecno Spark 20'],
    ['infiniks hot 40', 'Infinix Hot 40'],
    // Slips of the finger
    ['iphon 13', 'Apple iPhone 13'],
    ['iphnoe 13', 'Apple iPhone 13'],
    ['samsug galaxy a54', 'Samsung Galaxy A54'],
    ['galayx s23 ultra', 'Samsung Galaxy S23 Ultra'],
    ['redmi noet 13', 'Xiaomi Redmi Note 13'],
    ['iphone 13 rpo max', 'Apple iPhone 13 Pro Max'],
    ['smasung galaxy s24', 'Samsung Galaxy S24'],
    // With memory
    ['iphone 13 128', 'Apple iPhone 13'],
    ['iphone 13 128gb', 'Apple iPhone 13'],
    ['iphone 13 pro max 256 gb', 'Apple iPhone 13 Pro Max'],
    ['айфон 13 256гб', 'Apple iPhone 13'],
    ['ayfon 14 512', 'Apple iPhone 14'],
    ['redmi note 13 8/256', 'Xiaomi Redmi Note 13'],
    ['samsung a54 8/128gb', 'Samsung Galaxy A54'],
    ['galaxy s23 ultra 1tb', 'Samsung Galaxy S23 Ultra'],
  ])('%j: %s first', (typed, meant) => {
    expect(first(typed)).toBe(meant);
  });

  it("ranks the model typed first, then its variants: 'iphone 13' is 13, then 13 mini / 13 Pro, then 13 Pro Max", () => {
    expect(names('iphone 13')).toEqual(['Apple iPhone 13', 'Apple iPhone 13 mini', 'Apple iPhone 13 Pro', 'Apple iPhone 13 Pro Max']);
    expect(names('galaxy s23').slice(0, 2)).toEqual(['Samsung Galaxy S23', 'Samsung Galaxy S23+']);
  });

  it('matches a model number as a number: 13 never matches 11, XS, 14, Redmi 13C or A13', () => {
    for (const typed of ['iphone 13', 'айфон 13', 'ayfon 13']) {
      for (const name of names(typed)) expect(name).toMatch(/^Apple iPhone 13( |$)/);
    }
    expect(names('redmi 13')).not.toContain('Xiaomi Redmi 13C');
    expect(names('samsung 13')).toEqual([]);
    expect(names('iphone 1')).toEqual([]);
  });

  it('reads memory as storage, not as a word of the name', () => {
    expect(matcher.match('iphone 13 128').storage).toBe('128GB');
    expect(matcher.match('айфон 13 256гб').storage).toBe('256GB');
    expect(matcher.match('redmi note 13 8/256').storage).toBe('256GB');
    expect(matcher.match('galaxy s23 ultra 1tb').storage).toBe('1TB');
    expect(matcher.match('iphone 13').storage).toBeUndefined();
    expect(matcher.match('256gb')).toEqual({ models: [], closest: [], storage: '256GB', namesModel: false });
    expect(matcher.match('iphone 13 256gb').namesModel).toBe(true);
  });

  it('names every model of a brand typed alone, in Cyrillic too', () => {
    for (const [typed, brand] of [
      ['самсунг', 'Samsung'],
      ['редми', 'Xiaomi Redmi'],
      ['сяоми', 'Xiaomi'],
      ['хонор', 'Honor'],
      ['техно', 'Tecno'],
      ['инфиникс', 'Infinix'],
      ['поко', 'Xiaomi Poco'],
    ]) {
      const found = names(typed);
      expect(found.length).toBeGreaterThan(2);
      for (const name of found) expect(name.startsWith(brand)).toBe(true);
    }
  });

  it('completes the word being typed, never a number', () => {
    expect(names('iphone 13 pr')).toEqual(['Apple iPhone 13 Pro', 'Apple iPhone 13 Pro Max']);
    expect(first('galaxy s23 ul')).toBe('Samsung Galaxy S23 Ultra');
  });

  it('offers the nearest models when none matches: same name, nearest number', () => {
    const { models, closest } = matcher.match('iphone 10');
    expect(models).toEqual([]);
    expect(closest[0].name).toBe('Apple iPhone 11');
    expect(matcher.match('galaxy a59').closest[0].name).toMatch(/^Samsung Galaxy A5\d/);
    expect(matcher.match('qqxxzzww')).toMatchObject({ models: [], closest: [] });
  });
});
