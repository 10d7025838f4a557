import { brandsWithSeries } from './brand-series';
import {
  categoryBodySchema,
  deviceColors,
  deviceMemoryOptions,
  findDeviceBodySchema,
  parseColors,
  parseInternalMemory,
  seedDeviceSchema,
  type SeedDevice,
} from './catalogue';

const iphone13: SeedDevice = {
  name: 'Apple iPhone 13',
  brand: 'Apple',
  sourcePath: 'apple_iphone_13-11103.php',
  quickSpec: [
    { name: 'Display size', value: '6.1"' },
    { name: 'Display resolution', value: '1170x2532 pixels' },
    { name: 'Camera pixels', value: '12MP' },
    { name: 'Video pixels', value: '2160p' },
    { name: 'RAM size', value: '4GB RAM' },
    { name: 'Chipset', value: 'Apple A15 Bionic' },
    { name: 'Battery size', value: '3240mAh' },
    { name: 'Battery type', value: 'Li-Ion' },
  ],
  detailSpec: [
    { category: 'Launch', specifications: [{ name: 'Announced', value: '2021, September 14' }] },
    {
      category: 'Memory',
      specifications: [
        { name: 'Card slot', value: 'No' },
        { name: 'Internal', value: '128GB 4GB RAM, 256GB 4GB RAM, 512GB 4GB RAM' },
      ],
    },
    { category: 'Misc', specifications: [{ name: 'Colors', value: 'Starlight, Midnight, Blue, Pink, Red, Green' }] },
  ],
};

describe('Memory → Internal parser', () => {
  it.each([
    [
      '64GB 4GB RAM, 128GB 4GB RAM, 256GB 6GB RAM',
      [
        { storage: '64GB', ram: '4GB' },
        { storage: '128GB', ram: '4GB' },
        { storage: '256GB', ram: '6GB' },
      ],
    ],
    [
      '128GB 8GB RAM, 256GB 8GB RAM, 256GB 12GB RAM',
      [
        { storage: '128GB', ram: '8GB' },
        { storage: '256GB', ram: '8GB' },
        { storage: '256GB', ram: '12GB' },
      ],
    ],
    [
      '32GB 2GB RAM, 32GB 3GB RAM',
      [
        { storage: '32GB', ram: '2GB' },
        { storage: '32GB', ram: '3GB' },
      ],
    ],
    ['1TB 12GB RAM', [{ storage: '1TB', ram: '12GB' }]],
    [
      '128GB 4GB RAM, 128GB 6GB RAM (UFS 2.2)',
      [
        { storage: '128GB', ram: '4GB' },
        { storage: '128GB', ram: '6GB' },
      ],
    ],
    [
      '64GB 3GB RAM, 64GB 4GB RAM, 128GB 4GB RAM, eMMC 5.1',
      [
        { storage: '64GB', ram: '3GB' },
        { storage: '64GB', ram: '4GB' },
        { storage: '128GB', ram: '4GB' },
      ],
    ],
    [
      '256GB 8GB RAM, 512GB 12GB RAM, 1TB 16GB RAM, UFS 4.0',
      [
        { storage: '256GB', ram: '8GB' },
        { storage: '512GB', ram: '12GB' },
        { storage: '1TB', ram: '16GB' },
      ],
    ],
    ['128GB 8GB RAM UFS 3.1', [{ storage: '128GB', ram: '8GB' }]],
    ['16GB 1.5GB RAM, 32GB 2GB RAM', [{ storage: '16GB', ram: '1.5GB' }, { storage: '32GB', ram: '2GB' }]],
    ['128GB 8GB RAM (UFS 3.1, dual-lane), 256GB 8GB RAM', [{ storage: '128GB', ram: '8GB' }, { storage: '256GB', ram: '8GB' }]],
    ['128GB 6GB RAM, 128GB 6GB RAM', [{ storage: '128GB', ram: '6GB' }]],
    ['64GB 4GB RAM\nNVMe', [{ storage: '64GB', ram: '4GB' }]],
    ['64GB, 128GB', [{ storage: '64GB', ram: null }, { storage: '128GB', ram: null }]],
    ['4GB RAM', [{ storage: null, ram: '4GB' }]],
  ])('reads %j', (internal, expected) => {
    expect(parseInternalMemory(internal)).toEqual(expected);
  });

  it.each(['microSDXC (dedicated slot)', 'microSDXC (uses shared SIM slot)', 'No', 'UFS 3.1', ''])(
    'finds no memory option in %j',
    (text) => {
      expect(parseInternalMemory(text)).toEqual([]);
    },
  );
});

describe('Misc → Colors parser', () => {
  it.each([
    ['Black, Blue, Pink', ['Black', 'Blue', 'Pink']],
    ['Starlight, Midnight, Blue, Pink, Red, Green', ['Starlight', 'Midnight', 'Blue', 'Pink', 'Red', 'Green']],
    [
      'Titanium Black, Titanium Gray, Titanium Violet - Samsung.com exclusive: Titanium Blue, Titanium Green',
      ['Titanium Black', 'Titanium Gray', 'Titanium Violet', 'Titanium Blue', 'Titanium Green'],
    ],
    ['Midnight Black; Glacier Blue; Mint Green', ['Midnight Black', 'Glacier Blue', 'Mint Green']],
    ['Black/Silver, Gold/White', ['Black', 'Silver', 'Gold', 'White']],
    ['Phantom Black, Cream (Samsung.com only), Green', ['Phantom Black', 'Cream', 'Green']],
    ['Glowing Black, Glowing Green - 8GB/128GB', ['Glowing Black', 'Glowing Green']],
    ['Black, black, Blue-Green', ['Black', 'Blue-Green']],
  ])('reads %j', (colors, expected) => {
    expect(parseColors(colors)).toEqual(expected);
  });

  it('finds nothing in an empty entry', () => {
    expect(parseColors('  ')).toEqual([]);
  });
});

describe('wizard choices of a device', () => {
  it('offers the memory pairs and colours of the seed shape', () => {
    expect(deviceMemoryOptions(iphone13)).toEqual([
      { storage: '128GB', ram: '4GB' },
      { storage: '256GB', ram: '4GB' },
      { storage: '512GB', ram: '4GB' },
    ]);
    expect(deviceColors(iphone13)).toHaveLength(6);
  });

  it('offers nothing for a device without specs yet', () => {
    expect(deviceMemoryOptions({ detailSpec: [] })).toEqual([]);
    expect(deviceColors({ detailSpec: [] })).toEqual([]);
  });
});

describe('seed device schema', () => {
  it('accepts the documented shape', () => {
    expect(seedDeviceSchema.safeParse(iphone13).success).toBe(true);
  });

  it('refuses quick specs out of GSMArena order, so the camera stays the third entry', () => {
    const swapped = { ...iphone13, quickSpec: [iphone13.quickSpec[2], ...iphone13.quickSpec.filter((_, i) => i !== 2)] };
    const result = seedDeviceSchema.safeParse(swapped);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['quickSpec', 0, 'name']);
  });

  it('refuses a device without memory options or colours', () => {
    const result = seedDeviceSchema.safeParse({ ...iphone13, detailSpec: [iphone13.detailSpec[0]] });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'needs Memory → Internal with storage/RAM pairs',
      'needs Misc → Colors',
    ]);
  });
});

describe('category body', () => {
  const valid = { name: 'Apple', color: '#1D1D1F', number: 1 };

  it('accepts a category and normalises the optional fields', () => {
    expect(categoryBodySchema.parse({ ...valid, name: '  Apple ', number: '2', description: '' })).toEqual({
      name: 'Apple',
      color: '#1D1D1F',
      number: 2,
      description: null,
      image: null,
      parent: null,
    });
  });

  it.each([
    [{ ...valid, name: '  ' }, 'name', 'required'],
    [{ ...valid, color: 'red' }, 'color', 'categoryColorInvalid'],
    [{ ...valid, color: '#12345' }, 'color', 'categoryColorInvalid'],
    [{ ...valid, number: -1 }, 'number', 'categoryNumberInvalid'],
    [{ ...valid, number: 1.5 }, 'number', 'categoryNumberInvalid'],
    [{ ...valid, number: 'first' }, 'number', 'categoryNumberInvalid'],
    [{ ...valid, image: 'not-an-id' }, 'image', 'invalidValue'],
  ])('refuses %j', (body, field, key) => {
    const result = categoryBodySchema.safeParse(body);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(key);
  });
});

describe('device search body', () => {
  it('asks for more than 3 characters with the spec message key', () => {
    expect(findDeviceBodySchema.safeParse({ name: ' ip ' }).error?.issues[0].message).toBe('deviceSearchMin');
    expect(findDeviceBodySchema.safeParse({}).error?.issues[0].message).toBe('deviceSearchMin');
    expect(findDeviceBodySchema.parse({ name: ' iphone13 ' })).toEqual({ name: 'iphone13' });
  });
});

describe('the brands as buyers pick them', () => {
  it('lists each brand of its own in order with its series, and a series whose brand is gone as a brand', () => {
    const brand = (_id: string, parent: string | null = null) => ({ _id, parent });
    const [xiaomi, redmi, samsung, poco, orphan] = [brand('xiaomi'), brand('redmi', 'xiaomi'), brand('samsung'), brand('poco', 'xiaomi'), brand('nova', 'huawei')];
    expect(brandsWithSeries([xiaomi, redmi, samsung, poco, orphan])).toEqual([
      { brand: xiaomi, series: [redmi, poco] },
      { brand: samsung, series: [] },
      { brand: orphan, series: [] },
    ]);
  });
});
