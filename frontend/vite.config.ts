import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { landingRoutePreloads } from './build/landing-routes.ts';
import { precompressAssets } from './build/precompress-assets.ts';
import { serverMessagesByLanguage } from './build/server-messages.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    serverMessagesByLanguage(),
    precompressAssets(),
    landingRoutePreloads('src/app/start.tsx', [
      { path: '/', module: 'src/app/routes/home.tsx', fetch: ['/api/category'] },
      { path: '/phone/:id', module: 'src/app/routes/phone-detail.tsx', fetch: ['/api/phone/:id'] },
    ]),
  ],
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
