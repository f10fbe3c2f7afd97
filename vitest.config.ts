import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Unit, component and contract tests live next to the code they test.
// Component tests opt into a DOM with `// @vitest-environment happy-dom`.
const include = [
  'src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'netlify/**/*.test.ts',
  'tests/unit/**/*.test.ts',
];

/** The test files that ask for a DOM (the annotation above). */
const withDom = include
  .flatMap((pattern) => globSync(pattern, { exclude: ['**/node_modules/**'] }))
  .filter((file) => readFileSync(file, 'utf8').includes('@vitest-environment happy-dom'));

const common = {
  environment: 'node' as const,
  // Worker threads; the setup file puts back what a file changed (tests/setup/each-test-file.ts).
  pool: 'threads' as const,
  setupFiles: ['tests/setup/each-test-file.ts'],
  globals: true,
  // Most take well under a second alone; `npm test` runs this step at a low priority beside the browser steps
  // (scripts/tools/test.mjs), where a test that hashes passwords or starts a process took over 20 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        // The files without a DOM run file after file in their threads (isolate: false): what node_modules
        // holds is loaded once per thread, not once per file, which was most of this step's CPU; the
        // repository's own modules are still evaluated afresh for each file.
        test: {
          ...common,
          name: 'node',
          include,
          exclude: ['**/node_modules/**', ...withDom],
          isolate: false,
        },
      },
      {
        // The DOM's files each in a module graph and window of their own: sharing threads, two BagView tests
        // failed in a fresh-clone run, another DOM file's state reaching them.
        test: { ...common, name: 'dom', include: withDom, isolate: true },
      },
    ],
  },
});
