import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `.br` and `.gz` twins of the hashed scripts and styles once, at build time, at the
 * strongest settings: the server sends them as they are (backend/src/spa) instead of
 * compressing on every request or sending four times the bytes to a phone on mobile data.
 */
function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const files = (await readdir(assetsDir)).filter((name) => /\.(js|css|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const content = await readFile(join(assetsDir, name));
          const [brotli, gzipped] = await Promise.all([
            compressBrotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            compressGzip(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(join(assetsDir, `${name}.br`), brotli), writeFile(join(assetsDir, `${name}.gz`), gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
  resolve: {
    alias: [
      // The contracts are TypeScript sources shared with the server; bundle them directly.
      { find: '@market/contracts', replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: { target: 'es2022', sourcemap: false },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
