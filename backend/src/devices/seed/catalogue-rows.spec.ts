import { seedDeviceSchema } from '@market/contracts';
import { expandCatalogueRows } from './catalogue-rows';

const C67 =
  'Realme C67 | 2023, December 14 | 6.72 IPS LCD, 90Hz | 1080x2400 | Qualcomm SM6225 Snapdragon 685 (6 nm) | Android 14, Realme UI 5.0 | 128/6 128/8 256/8 | sd | 108 MP wide, 2 MP depth | 1080p | 5000 | Black Rock, Sunny Oasis';

describe('catalogue rows', () => {
  it("fills one phone's row into GSMArena's quick and detail specs", () => {
    const { entries, problems } = expandCatalogueRows(`# Realme\nbrand: Realme\n\n${C67}\n`);
    expect(problems).toEqual([]);
    expect(entries).toEqual([
      {
        name: 'Realme C67',
        brand: 'Realme',
        quickSpec: [
          { name: 'Display size', value: '6.72"' },
          { name: 'Display resolution', value: '1080x2400 pixels' },
          { name: 'Camera pixels', value: '108MP' },
          { name: 'Video pixels', value: '1080p' },
          { name: 'RAM size', value: '6-8GB RAM' },
          { name: 'Chipset', value: 'Snapdragon 685' },
          { name: 'Battery size', value: '5000mAh' },
          { name: 'Battery type', value: 'Li-Po' },
        ],
        detailSpec: [
          { category: 'Launch', specifications: [{ name: 'Announced', value: '2023, December 14' }] },
          {
            category: 'Display',
            specifications: [
              { name: 'Type', value: 'IPS LCD, 90Hz' },
              { name: 'Size', value: '6.72 inches' },
              { name: 'Resolution', value: '1080 x 2400 pixels' },
            ],
          },
          {
            category: 'Platform',
            specifications: [
              { name: 'OS', value: 'Android 14, Realme UI 5.0' },
              { name: 'Chipset', value: 'Qualcomm SM6225 Snapdragon 685 (6 nm)' },
            ],
          },
          {
            category: 'Memory',
            specifications: [
              { name: 'Card slot', value: 'microSDXC (dedicated slot)' },
              { name: 'Internal', value: '128GB 6GB RAM, 128GB 8GB RAM, 256GB 8GB RAM' },
            ],
          },
          {
            category: 'Main Camera',
            specifications: [
              { name: 'Dual', value: '108 MP wide, 2 MP depth' },
              { name: 'Video', value: '1080p@30fps' },
            ],
          },
          { category: 'Battery', specifications: [{ name: 'Type', value: 'Li-Po 5000 mAh' }] },
          { category: 'Misc', specifications: [{ name: 'Colors', value: 'Black Rock, Sunny Oasis' }] },
        ],
      },
    ]);
    expect(seedDeviceSchema.safeParse(entries[0]).success).toBe(true);
  });

  it("takes a chipset's quick name after ' ~ ', a battery type after its size and 1T as a terabyte", () => {
    const row =
      'Samsung Galaxy S26 Ultra | 2026, February 25 | 6.9 Dynamic AMOLED 2X | 1440x3120 | Exynos 2600 (2 nm) - Europe; Snapdragon 8 Elite Gen 5 (3 nm) - USA ~ Exynos 2600 / Snapdragon 8 Elite Gen 5 | Android 16, One UI 8.5 | 256/12 1T/16 | no | 200 MP wide, 50 MP periscope telephoto, 10 MP telephoto, 50 MP ultrawide | 4320p | 5000 Li-Ion | Black';
    const [device] = expandCatalogueRows(`brand: Samsung\n${row}`).entries as Array<{ quickSpec: { value: string }[]; detailSpec: { specifications: { name: string; value: string }[] }[] }>;
    expect(device.quickSpec.map((entry) => entry.value)).toEqual([
      '6.9"',
      '1440x3120 pixels',
      '200MP',
      '4320p',
      '12-16GB RAM',
      'Exynos 2600 / Snapdragon 8 Elite Gen 5',
      '5000mAh',
      'Li-Ion',
    ]);
    expect(device.detailSpec[3].specifications[1].value).toBe('256GB 12GB RAM, 1TB 16GB RAM');
    expect(device.detailSpec[4].specifications[0].name).toBe('Quad');
  });

  it('reports each broken row by its line and keeps the others', () => {
    const text = [
      'brand: Realme',
      C67,
      'Realme C99 | 2025 | 6.7 IPS LCD | 720x1600 | Unisoc T612 (12 nm) | Android 15 | 128/4 | sd | 50 MP wide | 1080p | 5000',
      C67.replace('Realme C67', 'Realme C68').replace('1080x2400', '1080 by 2400'),
      C67.replace('Realme C67', 'Realme C69').replace('128/6 128/8 256/8', '128GB'),
      C67.replace('Realme C67', 'Realme C70').replace('| 1080p |', '| 4K |'),
    ].join('\n');
    const { entries, problems } = expandCatalogueRows(text);
    expect(entries).toHaveLength(1);
    expect(problems).toEqual([
      'line 3: 11 columns, expected 12 (name | announced | display | resolution | chipset | os | memory | card | cameras | video | battery | colors)',
      "line 4: resolution '1080 by 2400' is not '<width>x<height>'",
      "line 5: memory option '128GB' is not '<storage>/<RAM>'",
      "line 6: video '4K' is not one of 4320p, 2160p, 1440p, 1080p, 720p",
    ]);
  });

  it('refuses phones before the file names its brand', () => {
    expect(expandCatalogueRows(C67).problems).toEqual(["line 1: no 'brand:' line before the first phone"]);
  });
});
