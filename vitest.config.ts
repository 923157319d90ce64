import { defineConfig } from 'vitest/config';

// Unit and API tests. API tests run against a real PostgreSQL: an embedded one started
// for the run, or TEST_DATABASE_URL's server; each test file gets its own database
// cloned from a migrated template (src/server/test/global-setup.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    // The fault suite runs the built server as processes: vitest.faults.config.ts.
    exclude: ['src/**/*.fault.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
