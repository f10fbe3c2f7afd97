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
    // Worker threads, each file in its own module graph: sharing threads (isolate: false) failed two
    // BagView tests in a fresh-clone run, another file's state reaching them; the setup file still puts
    // back what a file changed (tests/setup/each-test-file.ts).
    pool: 'threads',
    isolate: true,
    setupFiles: ['tests/setup/each-test-file.ts'],
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
