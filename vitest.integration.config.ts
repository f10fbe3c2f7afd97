import { defineConfig } from 'vitest/config';

// Slow tests that build the whole site against a live reference API; run by `npm test` after the unit tests.
export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    globals: true,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
