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
    // Most take well under a second alone; `npm test` runs this step at a low priority beside the browser steps
    // (scripts/tools/test.mjs), where a test that hashes passwords or starts a process took over 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
