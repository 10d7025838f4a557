import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** A page a visit often starts on: its client route, its route module, and the API data it asks for first. */
export interface LandingRoute {
  /** Client route pattern, `:name` for a path segment (as in app/router.tsx). */
  path: string;
  /** The route module, relative to the frontend folder. */
  module: string;
  /** Same-origin API addresses the page fetches as soon as it renders; `:name` as in `path`. */
  fetch?: string[];
  /** The text namespaces the page loads beside its code (app/route-texts.ts): their Uzbek files are preloaded too. */
  texts?: string[];
}

/** What the server names in such a page's head, so the browser fetches it alongside the entry. */
export interface LandingPreloads {
  path: string;
  modules: string[];
  styles: string[];
  fetch: string[];
  /** The web's own shell (the top bar), which the Mini App, served at the same route, does not load. */
  webModules: string[];
}

/** Where the build writes the preloads; the server reads them from the same place (backend/src/spa). */
export const LANDING_PRELOADS_FILE = '.vite/landing-preloads.json';

function chunksOf(bundle: Rollup.OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/** The chunk and everything it imports statically: what must be downloaded before it runs. */
function withStaticImports(chunks: Map<string, OutputChunk>, chunk: OutputChunk, found = new Set<string>()): Set<string> {
  found.add(chunk.fileName);
  for (const file of chunk.imports) if (!found.has(file)) withStaticImports(chunks, chunks.get(file)!, found);
  return found;
}

function chunkOf(chunks: Map<string, OutputChunk>, module: string): OutputChunk | undefined {
  return [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
}

/**
 * The app starts in two steps: the entry (main.tsx) lets the browser paint index.html's top
 * bar, then imports `appStart`, the app itself. index.html names the app's chunks so they
 * download meanwhile. A route's chunks are found only once the app has run and rendered the
 * route: the build lists, per landing route, the chunks (and styles) it needs beyond the app's
 * own, for the server to preload with the page. The web's shell (`webShell`, the top bar) is
 * listed apart: the Mini App, which the server answers with the same route's preloads, has its own.
 */
export function landingRoutePreloads(appStart: string, webShell: string, routes: LandingRoute[]): Plugin {
  let base = '/';
  return {
    name: 'landing-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = chunksOf(bundle!);
        const start = chunkOf(chunks, appStart);
        if (!start) throw new Error(`The app start ${appStart} is no chunk of the build`);
        const entry = withStaticImports(chunks, [...chunks.values()].find((chunk) => chunk.isEntry)!);
        const startOnly = [...withStaticImports(chunks, start)].filter((file) => !entry.has(file));
        return startOnly.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: base + file },
          injectTo: 'head',
        }));
      },
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry)!;
      const loadedFirst = withStaticImports(chunks, entry);
      const start = chunkOf(chunks, appStart);
      if (start) withStaticImports(chunks, start, loadedFirst);
      const shell = chunkOf(chunks, webShell);
      if (!shell) this.error(`The web's shell ${webShell} is no chunk of the build`);
      const shellFiles = [...withStaticImports(chunks, shell)].filter((file) => !loadedFirst.has(file));

      const preloads: LandingPreloads[] = routes.map(({ path, module, fetch = [], texts = [] }) => {
        const needed = new Set<string>();
        for (const wanted of [module, ...texts.map((namespace) => `src/locales/uz/${namespace}.json`)]) {
          const chunk = chunkOf(chunks, wanted);
          if (!chunk) this.error(`The landing route ${path} names ${wanted}, which is no chunk of the build`);
          withStaticImports(chunks, chunk, needed);
        }
        const files = [...needed].filter((file) => !loadedFirst.has(file));
        const styles = files.flatMap((file) => [...(chunks.get(file)!.viteMetadata?.importedCss ?? [])]);
        const webModules = shellFiles.filter((file) => !needed.has(file));
        return { path, modules: files.map((file) => base + file), styles: styles.map((file) => base + file), fetch, webModules: webModules.map((file) => base + file) };
      });
      this.emitFile({ type: 'asset', fileName: LANDING_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
