import { defineConfig } from 'vitest/config';

// The reference API's tests again, against a real PostgreSQL server: a throwaway cluster that
// scripts/catalog-api/postgres-setup.ts starts for the run (each test gets a database of its own).
export default defineConfig({
  test: {
    include: ['scripts/catalog-api/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
    globals: true,
    globalSetup: ['scripts/catalog-api/postgres-setup.ts'],
    // As the unit step's (vitest.config.ts): this step runs at a low priority beside the browser steps.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
