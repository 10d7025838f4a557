import { defineConfig } from '@playwright/test';
import { DESKTOP } from './support/viewports';

/** Browser tests: Debian's Chromium against the production build (`npm run build` first). */
export default defineConfig({
  testDir: 'tests',
  testMatch: '*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // One stack (API, workers, database) serves every test, and the worker-crash test restarts workers: one at a time.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // A failed test keeps its trace here (gitignored): `npx playwright show-trace e2e/test-results/<test>/trace.zip`.
  outputDir: 'test-results',
  use: {
    viewport: DESKTOP,
    trace: 'retain-on-failure',
    // The offline worker answers only installable.e2e.ts, which allows it: elsewhere every request reaches the stack.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // No traffic beyond 127.0.0.1: every other host name fails to resolve.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
});
