import { defineConfig } from 'vitest/config';

// The reference API's tests again, against a real PostgreSQL server: a throwaway cluster that
// scripts/catalog-api/postgres-setup.ts starts for the run (each test gets a database of its own).
export default defineConfig({
  test: {
    include: ['scripts/catalog-api/**/*.test.ts'],
    environment: 'node',
    // Worker threads running file after file, as the unit step's files without a DOM (vitest.config.ts): what
    // node_modules holds is loaded once per thread; the setup file puts back what a file changed.
    pool: 'threads',
    isolate: false,
    setupFiles: ['tests/setup/each-test-file.ts'],
    globals: true,
    globalSetup: ['scripts/catalog-api/postgres-setup.ts'],
    // As the unit step's (vitest.config.ts): this step runs at a low priority beside the browser steps.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
