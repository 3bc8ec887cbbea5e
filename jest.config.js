/** Integration tests against a real PostgreSQL (embedded unless DATABASE_URL is set). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config file
const { availableParallelism } = require('node:os');

// `npx jest test/<name>.spec.ts` runs that spec alone, outside its shard (docs/testing.md, "Shards").
const namedSpecs = process.argv.slice(2).some((arg) => arg.endsWith('.spec.ts'));

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: namedSpecs ? ['**/*.spec.ts'] : ['**/*.test.ts'],
  testSequencer: '<rootDir>/test/support/sequencer.js',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/graphql-production-checks.ts'],
  testTimeout: 60000, // a safety net for a hang, not a measure (docs/testing.md): a loaded machine stretches every test
  // Every test file builds the whole app (schema, ORM metadata) in a fresh module registry, so a worker's heap
  // grows file by file: always at least two workers (one would run in band, in jest's own process, which cannot
  // be recycled), each replaced once it holds more than 1.5 GB after a file.
  maxWorkers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  workerIdleMemoryLimit: '1536MB',
};
