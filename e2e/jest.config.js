/** Browser tests: Debian's Chromium driven by playwright-core against the production build. */
module.exports = {
  rootDir: '.',
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  testEnvironment: 'node',
  testTimeout: 60_000,
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
};
