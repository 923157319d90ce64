import { defineConfig } from 'vitest/config';

// The fault suite (npm run test:faults): the built server (dist/, which the npm script
// builds first) run as real processes in temp DATA_DIRs, with its embedded PostgreSQL
// frozen, killed and stopped, the app killed, signalled through npm, and started twice
// on one DATA_DIR. Every process it signals is one it started (src/server/test/processes.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.fault.test.ts'],
    pool: 'forks',
    // One file at a time: each starts servers and databases of its own, and a timing check
    // (503 within a second, served again soon after) must not share two cores with another
    // file's two instances (cluster.fault.test.ts).
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
