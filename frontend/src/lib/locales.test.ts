import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@market/contracts';

const localesDir = join(__dirname, '../locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function readNamespace(language: string, file: string): unknown {
  return JSON.parse(readFileSync(join(localesDir, language, file), 'utf8'));
}

describe('locale files', () => {
  const namespaces = readdirSync(join(localesDir, 'uz'));

  it('exist for every language with the same namespaces', () => {
    for (const language of LANGUAGES) expect(readdirSync(join(localesDir, language)).sort()).toEqual(namespaces.sort());
  });

  it.each(namespaces)('%s has every key in every language, none empty', (file) => {
    const uzKeys = keysOf(readNamespace('uz', file)).sort();
    for (const language of LANGUAGES) {
      const texts = readNamespace(language, file);
      expect(keysOf(texts).sort()).toEqual(uzKeys);
      for (const key of uzKeys) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
      }
    }
  });
});
