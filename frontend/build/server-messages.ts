import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { Language, Translated } from '../../contracts/src/languages';

const PREFIX = 'virtual:server-messages/';

/**
 * The contracts keep each server message in every language in one object; the page needs
 * its reader's language only. `virtual:server-messages/<language>` is that language's
 * `messages` namespace (key to text), a module per language, read from the contracts'
 * TypeScript with tsx (the repository's TypeScript runner). `?only=<key>,<key>`: just those
 * messages (the few the first page needs before the rest loads).
 */
export function serverMessagesByLanguage(): Plugin {
  return {
    name: 'server-messages-by-language',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const contracts = new URL('../../contracts/src/', import.meta.url);
      const { LANGUAGES } = (await tsImport(new URL('languages.ts', contracts).href, import.meta.url)) as { LANGUAGES: readonly Language[] };
      const { MESSAGES } = (await tsImport(new URL('messages/index.ts', contracts).href, import.meta.url)) as { MESSAGES: Record<string, Translated> };
      const [path, query = ''] = id.slice(PREFIX.length + 1).split('?');
      const language = path as Language;
      if (!LANGUAGES.includes(language)) this.error(`${id}: no such language (${LANGUAGES.join(', ')})`);
      const only = new URLSearchParams(query).get('only')?.split(',');
      const unknown = only?.filter((key) => !(key in MESSAGES));
      if (unknown?.length) this.error(`${id}: no such message (${unknown.join(', ')})`);
      const keys = only ?? Object.keys(MESSAGES);
      const texts = Object.fromEntries(keys.map((key) => [key, MESSAGES[key][language]]));
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
