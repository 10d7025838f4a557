import { existsSync } from 'node:fs';
import { COLORS_SPEC, detailSpecValue, MEMORY_SPEC, parseColors, parseInternalMemory, type SeedDevice } from '@market/contracts';
import { brandDefaults } from './brands';
import { readSeedFiles, SHIPPED_SEED_DIR } from './seed-files';

/** The brands sold in Uzbekistan that the catalogue must cover (issue 18). */
const BRANDS = [
  'Samsung', 'Apple', 'Xiaomi', 'Redmi', 'POCO', 'Honor', 'Tecno', 'Infinix', 'Vivo',
  'Realme', 'OPPO', 'Google', 'Nothing', 'OnePlus', 'Motorola', 'Huawei', 'Nokia',
];

/** Models sellers listed and could not find before (issue 18). */
const MODELS_SELLERS_MISSED = [
  'Realme C67', 'Realme C75', 'Tecno Spark 30', 'Tecno Camon 40', 'Samsung Galaxy A06',
  'Xiaomi Redmi Note 15', 'Honor X9c', 'Samsung Galaxy S26',
];

/** How each quick spec reads on GSMArena, which the wizard and the listing page show as they are. */
const QUICK_SPEC_FORMS: RegExp[] = [
  /^\d(\.\d{1,2})?"$/,
  /^\d{3,4}x\d{3,4} pixels$/,
  /^\d{1,3}(\.\d+)?MP$/,
  /^(720|1080|1440|2160|4320)p$/,
  /^\d{1,2}(-\d{1,2})?GB RAM$/,
  /^\S.{2,}$/,
  /^\d{4}mAh$/,
  /^(Li-Po|Li-Ion|Si\/C Li-Ion)$/,
];

function detail(device: SeedDevice, category: string, name: string): string | undefined {
  return detailSpecValue(device.detailSpec, { category, name });
}

/**
 * The shipped catalogue must load completely: a broken entry here would be left out at API
 * start (and logged), so the suite refuses it first.
 */
describe('shipped device seed data', () => {
  const files = readSeedFiles(SHIPPED_SEED_DIR);
  const devices = files.flatMap((file) => file.devices);

  it('is read from backend/src/devices/seed/data', () => {
    expect(existsSync(SHIPPED_SEED_DIR)).toBe(true);
  });

  it.each(files.map((file) => [file.file, file] as const))('%s: every row expands to an entry of the seed schema with a name no other entry has', (_name, file) => {
    expect(file.problems).toEqual([]);
    expect(file.devices.length).toBeGreaterThan(0);
  });

  it('has at least 600 models, of every brand sold in Uzbekistan, each brand with its colour and place', () => {
    expect(devices.length).toBeGreaterThanOrEqual(600);
    const brands = new Set(devices.map((device) => device.brand));
    expect([...brands].sort()).toEqual([...BRANDS].sort());
    for (const brand of brandDefaults(BRANDS)) expect(brand.number).toBeLessThan(100);
    for (const brand of BRANDS) expect(devices.filter((device) => device.brand === brand).length).toBeGreaterThanOrEqual(10);
  });

  it('has the models sellers could not find', () => {
    const names = new Set(devices.map((device) => device.name));
    expect(MODELS_SELLERS_MISSED.filter((name) => !names.has(name))).toEqual([]);
  });

  it('has every phone of 2019 to 2026 it lists under one name only, however it is spaced or cased', () => {
    const compact = devices.map((device) => device.name.toLowerCase().replace(/\s+/g, ''));
    expect(compact.filter((name, index) => compact.indexOf(name) !== index)).toEqual([]);
    const years = devices.map((device) => Number(detail(device, 'Launch', 'Announced')?.slice(0, 4)));
    expect(years.filter((year) => !(year >= 2015 && year <= 2026))).toEqual([]);
    expect(years.filter((year) => year >= 2019).length).toBeGreaterThanOrEqual(600);
  });

  it.each(BRANDS)('%s: every model has complete, well-formed and plausible specs', (brand) => {
    const problems: string[] = [];
    for (const device of devices.filter((candidate) => candidate.brand === brand)) {
      const problem = (what: string) => problems.push(`${device.name}: ${what}`);
      device.quickSpec.forEach((entry, index) => {
        if (!QUICK_SPEC_FORMS[index].test(entry.value)) problem(`${entry.name} '${entry.value}'`);
      });
      const size = detail(device, 'Display', 'Size')?.replace(' inches', '');
      if (!(Number(size) >= 4 && Number(size) <= 8.1) || device.quickSpec[0].value !== `${size}"`) problem(`display size ${size}`);
      for (const [category, name] of [['Display', 'Type'], ['Display', 'Resolution'], ['Platform', 'OS'], ['Platform', 'Chipset'], ['Main Camera', 'Video'], ['Battery', 'Type']]) {
        if (!detail(device, category, name)) problem(`no ${category} → ${name}`);
      }
      const memory = parseInternalMemory(detail(device, MEMORY_SPEC.category, MEMORY_SPEC.name) ?? '');
      if (memory.length === 0 || memory.some((option) => !option.storage || !option.ram)) problem('memory options without storage and RAM');
      const rams = memory.map((option) => Number.parseFloat(option.ram ?? ''));
      if (rams.some((ram) => !(ram >= 1 && ram <= 24))) problem(`RAM ${rams.join(', ')}`);
      if (parseColors(detail(device, COLORS_SPEC.category, COLORS_SPEC.name) ?? '').length === 0) problem('no colours');
      const battery = Number.parseInt(device.quickSpec[6].value, 10);
      if (!(battery >= 1500 && battery <= 8000)) problem(`battery ${battery} mAh`);
      const camera = Number.parseFloat(device.quickSpec[2].value);
      if (!(camera >= 5 && camera <= 200)) problem(`main camera ${camera} MP`);
    }
    expect(problems).toEqual([]);
  });
});
