import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from './config.schema';

const root = join(__dirname, '../../..');
const variables = Object.keys(configSchema.in.shape);

/** The names a `.env.example` assigns (`NAME=value` lines; comments aside). */
function assignedIn(envFile: string): string[] {
  return [...envFile.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name);
}

/** The names in the first column of the documentation's tables (`| `A`, `B` | default | ...`). */
function documentedIn(markdown: string): string[] {
  return [...markdown.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell]) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map(([, name]) => name));
}

describe('configuration documented', () => {
  it('lists every variable the API and the workers read in .env.example, and nothing they do not read', () => {
    const assigned = assignedIn(readFileSync(join(root, '.env.example'), 'utf8'));
    expect(variables.filter((name) => !assigned.includes(name))).toEqual([]);
    expect(assigned.filter((name) => !variables.includes(name))).toEqual([]);
    expect(assigned.length).toBe(new Set(assigned).size);
  });

  it('explains every variable in docs/configuration.md, and nothing they do not read', () => {
    const documented = documentedIn(readFileSync(join(root, 'docs/configuration.md'), 'utf8'));
    expect(variables.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !variables.includes(name))).toEqual([]);
    expect(documented.length).toBe(new Set(documented).size);
  });
});
