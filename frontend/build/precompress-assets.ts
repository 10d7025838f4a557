import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `.br` and `.gz` twins of the hashed scripts and styles once, at build time, at the
 * strongest settings: the server sends them as they are (backend/src/spa) instead of
 * compressing on every request or sending four times the bytes to a phone on mobile data.
 */
export function precompressAssets(): Plugin {
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
