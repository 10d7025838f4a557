/** Backend and workers suites: TypeScript through SWC, one fresh PostgreSQL database per run and jest worker. */
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    },
  ],
};

const shared = {
  transform,
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/../test/worker-database.ts'],
  moduleNameMapper: {
    '^@market/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@market/backend$': '<rootDir>/../backend/src/index.ts',
  },
};

/** Suites that start the API or the workers: a transaction's callback never asks its pool for another connection. */
const guarded = { ...shared, setupFilesAfterEnv: ['<rootDir>/../test/one-connection-per-transaction.ts'] };

module.exports = {
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  maxWorkers: 2,
  testTimeout: 20_000,
  projects: [
    { ...shared, displayName: 'contracts', rootDir: 'contracts', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...guarded, displayName: 'backend', rootDir: 'backend', testMatch: ['<rootDir>/{src,test}/**/*.spec.ts'] },
    { ...guarded, displayName: 'workers', rootDir: 'workers', testMatch: ['<rootDir>/{src,test}/**/*.spec.ts'] },
    // Fault drills of issue 9 that fit in a minute; the long soak is `npm run drills`.
    { ...guarded, displayName: 'drills', rootDir: 'drills', testMatch: ['<rootDir>/**/*.drill.ts'] },
  ],
};
