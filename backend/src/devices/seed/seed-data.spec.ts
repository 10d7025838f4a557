import { existsSync } from 'node:fs';
import { readSeedFiles, SHIPPED_SEED_DIR } from './seed-files';

/**
 * The shipped catalogue must load completely: a broken entry here would be left out at API
 * start (and logged), so the suite refuses it first. Files are added brand by brand.
 */
describe('shipped device seed data', () => {
  const files = readSeedFiles(SHIPPED_SEED_DIR);

  it('is read from backend/src/devices/seed/data', () => {
    expect(existsSync(SHIPPED_SEED_DIR)).toBe(true);
  });

  it.each(files.length ? files.map((file) => [file.file, file] as const) : [['(no files yet)', null] as const])(
    '%s: every entry fits the seed schema and has a name no other entry has',
    (_name, file) => {
      if (!file) return;
      expect(file.problems).toEqual([]);
      expect(file.devices.length).toBeGreaterThan(0);
    },
  );
});
