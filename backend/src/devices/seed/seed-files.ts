import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seedDeviceSchema, type SeedDevice } from '@market/contracts';
import { expandCatalogueRows } from './catalogue-rows';

/** backend/src/devices/seed/data, from the sources and from the build (backend/dist/devices/seed). */
export const SHIPPED_SEED_DIR = resolve(__dirname, '../../../src/devices/seed/data');

export interface SeedFile {
  file: string;
  devices: SeedDevice[];
  /** Entries that break the seed schema or repeat a name, described for the log. */
  problems: string[];
}

/**
 * Reads every `<brand>.txt` (one phone per line, see catalogue-rows.ts: the shipped catalogue)
 * and `<brand>.json` (an array of devices in the seed shape) of the seed directory. A broken
 * entry is reported and left out; the rest of its file still counts. A name (case-insensitive)
 * is taken from the first file and entry that has it.
 */
export function readSeedFiles(directory: string): SeedFile[] {
  if (!existsSync(directory)) return [];
  const seenNames = new Set<string>();
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json') || file.endsWith('.txt'))
    .sort()
    .map((file) => {
      const result: SeedFile = { file, devices: [], problems: [] };
      const text = readFileSync(join(directory, file), 'utf8');
      let entries: unknown;
      if (file.endsWith('.txt')) {
        const rows = expandCatalogueRows(text);
        result.problems.push(...rows.problems);
        entries = rows.entries;
      } else {
        try {
          entries = JSON.parse(text);
        } catch (error) {
          result.problems.push(`not JSON: ${(error as Error).message}`);
          return result;
        }
      }
      if (!Array.isArray(entries)) {
        result.problems.push('not an array of devices');
        return result;
      }
      entries.forEach((entry, index) => {
        const parsed = seedDeviceSchema.safeParse(entry);
        const label = `#${index} ${(entry as { name?: unknown })?.name ?? ''}`.trim();
        if (!parsed.success) {
          const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
          result.problems.push(`${label}: ${issues.join('; ')}`);
          return;
        }
        const key = parsed.data.name.toLowerCase();
        if (seenNames.has(key)) {
          result.problems.push(`${label}: the name is already used by another entry`);
          return;
        }
        seenNames.add(key);
        result.devices.push(parsed.data);
      });
      return result;
    });
}
