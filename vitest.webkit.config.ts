import { defineConfig } from 'vitest/config';

/**
 * The shopper's journeys in WebKit (tests/webkit/README.md): WebKitGTK's MiniBrowser over WebDriver against
 * the product as `npm start` runs it, started once (tests/webkit/global-setup.ts) and shared by every spec.
 * One browser at a time: the driver runs one session, and the specs run one after the other.
 */
export default defineConfig({
  test: {
    include: ['tests/webkit/**/*.spec.ts'],
    globalSetup: ['tests/webkit/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    // Every wait inside a journey is for a condition (tests/webkit/fixtures/config.ts, CONDITION_TIMEOUT),
    // met at once on a quiet machine; a journey as a whole gets three minutes on a loaded runner.
    testTimeout: 180_000,
    // The global setup builds the site: seconds for the seed here, minutes on a runner busy with other work.
    hookTimeout: 300_000,
    retry: 0,
    // A failure is printed when it happens, not only in the summary (tests/webkit/failures-at-once.ts).
    reporters: ['default', './tests/webkit/failures-at-once.ts'],
  },
});
