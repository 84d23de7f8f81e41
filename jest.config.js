// One Jest configuration, three levels, chosen with --selectProjects:
//   unit         *.spec.ts beside the code, no infrastructure
//   integration  services/*/test/**/*.int.ts against the real PostgreSQL, Redis and NATS
//   e2e          gateway/test/**/*.e2e.ts and web/e2e/**/*.e2e.ts: the whole stack started once, spoken to over HTTP and in Chromium

const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    }],
  },
  // Workspace packages resolve to their TypeScript sources, so no test needs a build first.
  moduleNameMapper: {
    '^@mc/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@mc/kit$': '<rootDir>/services/kit/src/index.ts',
    '^@mc/kit/tables$': '<rootDir>/services/kit/src/messaging/tables.ts',
    '^@mc/kit/testing$': '<rootDir>/services/kit/src/testing/index.ts',
  },
  setupFiles: [require.resolve('reflect-metadata')],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  maxWorkers: 2,
  // Real servers on two shared cores: a slow moment is not a failure; a hang still is.
  testTimeout: 30_000,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{contracts,services,gateway}/**/src/**/*.spec.ts', '<rootDir>/deploy/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/services/*/test/**/*.int.ts'],
      globalSetup: '<rootDir>/services/kit/test/fresh-streams.setup.js',
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/gateway/test/**/*.e2e.ts', '<rootDir>/web/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/gateway/test/stack.setup.js',
      globalTeardown: '<rootDir>/gateway/test/stack.teardown.js',
      setupFilesAfterEnv: ['<rootDir>/gateway/test/fresh-rate-limits.js'],
      // Node's environment, telling the browser harness (web/e2e/browser.ts) which test failed, for its screenshots.
      testEnvironment: '<rootDir>/web/e2e/environment.cjs',
    },
  ],
};
