import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { firstChunksPreloaded } from './build/first-chunks-preloaded.ts';
import { landingRoutePreloads } from './build/landing-routes.ts';
import { precompressAssets } from './build/precompress-assets.ts';
import { serverMessagesByLanguage } from './build/server-messages.ts';
import { LISTING_PAGE_TEXTS } from './src/app/route-texts.ts';

/** The API `npm run dev` runs beside Vite's dev server (its PORT). */
const api = `http://localhost:${process.env.PORT ?? '3000'}`;

/**
 * React Router 7 points every import at its development build (remix-run/react-router#12437, meant
 * to be temporary): a production build takes its production one, without the development warnings
 * and checks. Tests and the dev server keep the development build.
 */
const productionReactRouter = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    serverMessagesByLanguage(),
    precompressAssets(),
    firstChunksPreloaded('src/app/start.tsx'),
    landingRoutePreloads('src/app/start.tsx', 'src/app/web-top-bar.tsx', [
      { path: '/', module: 'src/app/routes/home.tsx', fetch: ['/api/category'] },
      { path: '/phone/:id', module: 'src/app/routes/phone-detail.tsx', fetch: ['/api/phone/:id'], texts: LISTING_PAGE_TEXTS },
    ]),
    // The installable app (README, "Installable app and offline"): the manifest and the worker of src/sw/.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: { globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', '*.svg'] },
      manifest: {
        name: 'Telefon bozor',
        short_name: 'Telefon bozor',
        description: "O'zbekistonda ishlatilgan telefonlarni sotib oling va soting",
        lang: 'uz',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      // The contracts are TypeScript sources shared with the server; bundle them directly.
      { find: '@market/contracts', replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      ...(command === 'build' && mode === 'production' ? productionReactRouter : []),
    ],
  },
  // ws: conversations' Socket.IO lives under /api (docs/conversations.md).
  server: { proxy: { '/api': { target: api, ws: true }, '/uploads': api } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser of es2022 but Safari before 17 preloads modules itself; there, the chunks
    // index.html names load when imported instead (0.4 KB gzipped less on every first page).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The app's small shared modules (lib, components, the contracts' schema-free files) in one
        // chunk instead of some twenty of a few hundred bytes: a phone on HTTP/1.1 fetched them six
        // at a time, a round trip each wave, before the first listing could show. Forms (zod) and the
        // signed-in pages' real-time connection (live-socket, Socket.IO) stay apart: the group takes
        // what its modules import along, and that would put them on every first page.
        codeSplitting: {
          groups: [
            // Libraries only some pages use, each a chunk of its own: left to the default, they
            // joined the shared chunk every first page loads (the forms' zod, the conversations' Socket.IO).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod\.ts/, priority: 20 },
            { name: 'socket-io', test: /node_modules[\\/](socket\.io|engine\.io|@socket\.io)/, priority: 20 },
            // Every page needs react-router: a group takes along what its modules import, and in the
            // first pages' group it went with whichever group reached it first (the later pages' one).
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 15 },
            // The later pages' shared modules (the signed-in menu, the profile's tabs, the composer's
            // photo compression): a chunk of their own, 2 KB gzipped less on every first page. In
            // neither group: the hook that offers a main action (lib/use-main-action), which only a
            // few screens use (the Mini App's shell watches the store, lib/main-action, on every
            // page), and the dialog, which the first pages open only on a tap (the filters, a
            // visitor's heart).
            {
              name: 'shared-later',
              test: /src[\\/](components[\\/](menu|tabs|user-avatar|counted-link)\.tsx|lib[\\/]compress-photo\.ts)/,
              minShareCount: 2,
              priority: 5,
            },
            {
              name: 'shared',
              test: /src[\\/](lib[\\/](?!zod|live-socket|use-main-action|compress-photo)|components[\\/](?!form[\\/]|(menu|tabs|user-avatar|counted-link|dialog)\.tsx))|contracts[\\/]src[\\/](limits|listing-constants|listing-query|regions|format|languages|price-position|buyer-constants|mini-app)\.ts/,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
}));
