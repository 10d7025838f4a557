import { checkDeviceChoices, listingDraftSchema, listingFormSchema } from './listing-form';
import { listingQuerySchema } from './listing';
import { parseListingQuery } from './listing-query';

const device = {
  detailSpec: [
    { category: 'Memory', specifications: [{ name: 'Internal', value: '128GB 6GB RAM, 256GB 8GB RAM' }] },
    { category: 'Misc', specifications: [{ name: 'Colors', value: 'Black, Ocean Blue' }] },
  ],
};

const valid = {
  device: '2f1c7c1e-8d3b-4c55-9a57-0a4b3c2d1e0f',
  price: '4 500 000',
  description: ' Ideal holatda ',
  region: 'toshkent',
  images: ['6c1b2a3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'],
  documents: true,
  delivery: false,
  imei: ['352099001761481'],
  uzimeiRegistered: true,
  noInstalmentDebt: true,
  grade: 'B',
  battery: 88,
};

describe('the wizard payload', () => {
  it('normalises what the wizard sends and maps nothing it should not', () => {
    expect(listingFormSchema.parse({ ...valid, telegramUsername: '@seller_uz', phoneNumber: '', name: 'ignored' })).toEqual({
      ...valid,
      price: 4_500_000,
      description: 'Ideal holatda',
      ram: null,
      storage: null,
      color: null,
      valut: 'uzs',
      authorName: null,
      phoneNumber: undefined,
      telegramUsername: 'seller_uz',
      updateProfile: false,
      condition: false,
      tarif: 0,
      step: 9,
    });
  });

  it.each([
    ['4 500 000', 4_500_000],
    ['1 200,50', 120050],
    ['250.', 250],
    ['250.00', 250],
    [350, 350],
  ])('reads the price %j as %j (digits and the dot only)', (price, expected) => {
    expect(listingFormSchema.parse({ ...valid, price }).price).toBe(expected);
  });

  it.each([['12.4'], ['$1,250.50'], [350.5]])('refuses the price %j with decimals instead of rounding it', (price) => {
    expect(listingFormSchema.safeParse({ ...valid, price }).error?.issues).toEqual([expect.objectContaining({ path: ['price'], message: 'priceWhole' })]);
    expect(listingFormSchema.safeParse({ ...valid, valut: 'usd', price }).error?.issues).toEqual([expect.objectContaining({ path: ['price'], message: 'priceWhole' })]);
  });

  it('keeps a draft with whatever was filled in, checking what is there', () => {
    expect(listingDraftSchema.parse({ step: 3, price: '', region: '' })).toMatchObject({ step: 3, price: null, region: null, images: [] });
    expect(listingDraftSchema.safeParse({ step: 3, description: 'x'.repeat(201) }).error?.issues[0].message).toBe('descriptionMax');
    expect(listingDraftSchema.safeParse({}).error?.issues[0].path).toEqual(['step']);
  });
});

describe("the device's memory and colour choices", () => {
  it('accepts one of the options in any case and refuses others', () => {
    expect(checkDeviceChoices(device, { ram: '8gb', storage: '256GB', color: 'ocean blue' })).toEqual({
      ram: '8GB',
      storage: '256GB',
      color: 'Ocean Blue',
      fields: {},
    });
    expect(checkDeviceChoices(device, { ram: '4GB', storage: '64GB', color: 'Pink' }).fields).toEqual({
      memory: 'invalidValue',
      color: 'invalidValue',
    });
    expect(checkDeviceChoices(device, { ram: null, storage: null, color: null }).fields).toEqual({ memory: 'required', color: 'required' });
    expect(checkDeviceChoices(device, { ram: null, storage: null, color: null }, true).fields).toEqual({});
  });
});

describe('the feed query', () => {
  it('never fails on what a pasted address holds', () => {
    expect(listingQuerySchema.parse({ page: '-2', brand: 'null', region: '', name: '  iphone ', minPrice: '1 000 000', maxPrice: 'abc' })).toEqual({
      page: 1,
      brand: undefined,
      region: undefined,
      name: 'iphone',
      minPrice: 1_000_000,
      maxPrice: undefined,
      sort: 'newest',
    });
    expect(listingQuerySchema.parse({}).page).toBe(1);
    expect(listingQuerySchema.parse({ page: ['2', '3'] }).page).toBe(1);
  });

  it('keeps pages and price bounds within what the database counts exactly', () => {
    expect(listingQuerySchema.parse({ page: '1e20', minPrice: '99999999999999999999' })).toMatchObject({
      page: 1,
      minPrice: Number.MAX_SAFE_INTEGER,
    });
  });

  it('is read the same by the home page without the schema library', () => {
    const addresses = [
      {},
      { page: '3', brand: 'Samsung', region: 'toshkent', name: ' galaxy ', minPrice: '100 000', maxPrice: '5000000' },
      { page: '0', brand: '', region: 'null', name: 'x'.repeat(150), minPrice: '-5', maxPrice: 'undefined' },
      { page: ['2', '3'], minPrice: ['1'], extra: 'ignored' },
    ];
    for (const address of addresses) expect(parseListingQuery(address)).toEqual(listingQuerySchema.parse(address));
  });
});
