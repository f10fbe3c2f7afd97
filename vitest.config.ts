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
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
