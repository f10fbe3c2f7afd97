import { defineConfig } from 'vitest/config';

// Unit, component and contract tests live next to the code they test.
// Component tests opt into a DOM with `// @vitest-environment happy-dom`.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'netlify/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    environment: 'node',
    // Worker threads, each running file after file (no thread started per file): what node_modules holds
    // is loaded once per thread, and a DOM made once per thread, while the repository's own modules are
    // evaluated afresh for each file and what a file changed is put back after it
    // (tests/setup/each-test-file.ts).
    pool: 'threads',
    isolate: false,
    setupFiles: ['tests/setup/each-test-file.ts'],
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
