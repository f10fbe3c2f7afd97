import { failureLine } from './astro-build.ts';

describe('the reason a build failed', () => {
  test("is the loader's own line, not its retries or stack", () => {
    const stderr = [
      '[products] retry 1: products not found. (GET /catalog/products?page=1&size=100 → 503 FAULT_INJECTED)',
      '[products] retry 2: products not found. (GET /catalog/products?page=1&size=100 → 503 FAULT_INJECTED)',
      '\u001b[31mthe catalogue was not published: products not found. (GET /catalog/products?page=1&size=100 → 503 FAULT_INJECTED)\u001b[39m',
      '  Location:',
      '    /work/src/lib/catalog/loaders.ts:151:11',
      '  Stack trace:',
      '    at Object.load (/work/src/lib/catalog/loaders.ts:151:11)',
    ].join('\n');
    expect(failureLine(stderr)).toBe(
      'the catalogue was not published: products not found. (GET /catalog/products?page=1&size=100 → 503 FAULT_INJECTED)',
    );
  });

  test("Astro's own error lines lose their time and label", () => {
    expect(
      failureLine('18:01:02 [ERROR] [content] Invalid frontmatter in theme/2025-spring.md\n  at x'),
    ).toBe('[content] Invalid frontmatter in theme/2025-spring.md');
    expect(failureLine('\n\n')).toBe('the build failed without saying why');
  });
});
