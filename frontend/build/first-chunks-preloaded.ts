import type { Plugin, Rollup } from 'vite';

/**
 * Before a dynamic import the app names the chunks it needs (`__vite__mapDeps`), so the browser
 * fetches them together. The chunks of the app's first download (the entry and `appStart` with
 * what they import) have run before any such import: naming them again only weighs the lists, 82
 * names in the app's start alone. This leaves them out; a list left with only the imported chunk
 * itself is dropped, since the import fetches that anyway. index.html's preloads stay as they are.
 */
export function firstChunksPreloaded(appStart: string): Plugin {
  let bundle: Rollup.OutputBundle | undefined;
  let first: Set<string> | undefined;

  function firstChunks(): Set<string> {
    if (!bundle) throw new Error('first-chunks-preloaded: the bundle is not known yet');
    const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
    const found = new Set<string>();
    const add = (chunk: Rollup.OutputChunk) => {
      if (found.has(chunk.fileName)) return;
      found.add(chunk.fileName);
      for (const file of chunk.imports) add(chunks.get(file)!);
    };
    const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(`/${appStart}`));
    if (!start) throw new Error(`The app start ${appStart} is no chunk of the build`);
    for (const chunk of chunks.values()) if (chunk.isEntry) add(chunk);
    add(start);
    return found;
  }

  return {
    name: 'first-chunks-preloaded',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies(imported, deps, { hostType }) {
            if (hostType === 'html') return deps;
            first ??= firstChunks();
            const needed = deps.filter((file) => !first!.has(file));
            return needed.length === 1 && needed[0] === imported ? [] : needed;
          },
        },
      },
    }),
    renderStart() {
      bundle = undefined;
      first = undefined;
    },
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
}
