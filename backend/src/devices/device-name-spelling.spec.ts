import { CatalogueSpelling, slips, soundKey } from './device-name-spelling';

const catalogue = new CatalogueSpelling([
  'Apple iPhone 13',
  'Apple iPhone 13 Pro Max',
  'Apple iPhone XR',
  'Samsung Galaxy A54',
  'Samsung Galaxy S23 Ultra',
  'Samsung Galaxy Z Flip5',
  'Xiaomi Redmi Note 12',
  'Xiaomi Poco X5 Pro',
  'Google Pixel 7a',
  'Honor Magic6 Pro',
  'Honor X7b',
  'Huawei P40 Lite',
  'OnePlus Nord CE 3 Lite',
  'Oppo Reno10',
  'Oppo A58 4G',
  'Infinix Hot 40i',
  'Realme 12 Pro+',
  'Nothing Phone (2)',
]);

describe('CatalogueSpelling', () => {
  it.each([
    ['айфон 13', 'iphone 13'],
    ['ayfon 13 pro maks', 'iphone 13 pro max'],
    ['самсунг галакси а54', 'samsung galaxy a54'],
    ['samsung galaksi s23 ultra', 'samsung galaxy s23 ultra'],
    ['редми ноут 12', 'redmi note 12'],
    ['redmi nout 12', 'redmi note 12'],
    ['сяоми поко х5 про', 'xiaomi poco x5 pro'],
    ['пиксель 7а', 'pixel 7a'],
    ['хонор мэджик6 про', 'honor magic6 pro'],
    ['xonor x7b', 'honor x7b'],
    ['хуавей р40 лайт', 'huawei p40 lite'],
    ['ванплюс норд се 3 лайт', 'oneplus nord ce 3 lite'],
    ['инфиникс хот 40и', 'infinix hot 40i'],
    ['нотинг фон 2', 'nothing phone 2'],
    ['айфон хр', 'iphone xr'],
  ])('reads %j in the catalogue words %j', (typed, meant) => {
    expect(catalogue.catalogueWords(typed)).toBe(meant);
  });

  it.each([
    ['galayx s23 ultra', 'galaxy s23 ultra'],
    ['iphnoe 13', 'iphone 13'],
    ['redmi noet 12', 'redmi note 12'],
    ['iphone 13 rpo max', 'iphone 13 pro max'],
    ['oppo reon10', 'oppo reno10'],
    ['popo a58', 'oppo a58'],
    ['honor mgaic6 pro', 'honor magic6 pro'],
    ['iphon 13', 'iphone 13'],
  ])('corrects one slip in %j', (typed, meant) => {
    expect(catalogue.catalogueWords(typed)).toBe(meant);
  });

  it('leaves model codes and words it cannot place as they are', () => {
    // A code one digit away is another model, not a typo.
    expect(catalogue.catalogueWords('galaxy a55')).toBe('galaxy a55');
    expect(catalogue.catalogueWords('iphone13')).toBe('iphone13');
    expect(catalogue.catalogueWords('qqxxzzww')).toBe('qqxxzzww');
    expect(catalogue.catalogueWords('  Realme   12 PRO+ ')).toBe('realme 12 pro+');
  });

  it('compares by sound and counts a swap of neighbours as one slip', () => {
    expect(soundKey('galaxy')).toBe(soundKey('galaksi'));
    expect(soundKey('pixel')).toBe(soundKey('piksel'));
    expect(soundKey('note')).toBe(soundKey('nout'));
    expect(slips('galaxy', 'galayx')).toBe(1);
    expect(slips('iphone', 'iphon')).toBe(1);
    expect(slips('galaxy', 'gallexy')).toBe(2);
  });
});
