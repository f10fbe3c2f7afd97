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
    // Worker threads, each file still in its own module graph: a thread starts in a fraction of a child
    // process's time (docs/performance.md has the suite's times). Sharing one graph across files
    // (isolate: false) is faster still but leaks module state and mocks between files.
    pool: 'threads',
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
