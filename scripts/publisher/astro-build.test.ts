import { catalogueLoadedLine, plannedPagesLine, reusedPagesLine } from '../../src/engine/pages/build-plan.ts';
import { BuildLogProgress, failureLine } from './astro-build.ts';

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

describe("a build's progress, from its log", () => {
  /** Astro's log of a small build, as the build writes it (colours off; page lines gathered). */
  const log = [
    '09:05:01 [content] Synced content',
    `[catalog] ${catalogueLoadedLine(100, 120)}`,
    `[catalog] ${catalogueLoadedLine(120, 120)}`,
    '09:05:02 [catalogue] 120 products, 8 areas',
    '09:05:06 [build] Building static entrypoints...',
    `09:05:09 [page-reuse] ${plannedPagesLine(4)}`,
    '',
    ' generating static routes ',
    '09:05:09   ├─ /index.html (+12ms)',
    '09:05:09   ├─ /_build/latest.json (+1ms)',
    // Pages rendered at once: one line's start, then another's, each with its time, then their ends.
    '09:05:09   ├─ /area/1/index.html09:05:09   ├─ /area/1/products/2/index.html09:05:09   (+3ms) ',
    ' (+4ms) ',
    '09:05:10   ├─ /about/index.html (+2ms)',
    '09:05:10 ✓ Completed in 1.20s.',
    '09:05:11 [page-reuse] 2 keyed pages reused from the last build, 1 rendered',
  ].join('\n');

  test('counts the products loaded of the catalogue, then the pages written of the pages planned', () => {
    const progress = new BuildLogProgress();
    expect(progress.read(log.slice(0, log.indexOf('[catalogue]')))).toBe(true);
    expect(progress.current).toEqual({ stage: 'catalogue', done: 120, planned: 120 });
    expect(progress.read(log.slice(log.indexOf('[catalogue]'), log.indexOf('generating')))).toBe(true);
    expect(progress.current).toEqual({ stage: 'pages', done: 0, planned: 4 });
    progress.read(log.slice(log.indexOf('generating')));
    expect(progress.current).toEqual({ stage: 'pages', done: 4, planned: 4 });
  });

  test('reads the log in chunks that cut lines anywhere, colours and all', () => {
    const coloured = log
      .replace(/\[page-reuse\]/g, '\x1b[34m[page-reuse]\x1b[39m')
      .replace(/├─/g, '\x1b[34m├─\x1b[39m');
    const progress = new BuildLogProgress();
    const seen: string[] = [];
    for (let at = 0; at < coloured.length; at += 7) {
      if (progress.read(coloured.slice(at, at + 7)))
        seen.push(`${progress.current.stage} ${progress.current.done}/${progress.current.planned}`);
    }
    progress.read('\n');
    expect(progress.current).toEqual({ stage: 'pages', done: 4, planned: 4 });
    // Told once per change, in order.
    expect(seen).toEqual([
      'catalogue 100/120',
      'catalogue 120/120',
      'pages 0/4',
      'pages 1/4',
      'pages 3/4',
      'pages 4/4',
    ]);
  });

  test('knows nothing planned before the build says, and never counts past the plan', () => {
    const progress = new BuildLogProgress();
    expect(progress.read('09:05:09   ├─ /index.html (+12ms)\n')).toBe(true);
    expect(progress.current).toEqual({ stage: 'pages', done: 1, planned: null });
    progress.read(`09:05:09 [page-reuse] ${plannedPagesLine(0)}\n09:05:09   ├─ /a/index.html (+1ms)\n`);
    expect(progress.current).toEqual({ stage: 'pages', done: 2, planned: 2 });
    expect(progress.read('09:05:01 [content] Synced content\n')).toBe(false);
  });

  test('tells the pages a rebuild takes from the last build apart from the pages it writes', () => {
    const progress = new BuildLogProgress();
    progress.read(
      [
        `09:05:09 [page-reuse] ${reusedPagesLine(144)}`,
        `09:05:09 [page-reuse] ${plannedPagesLine(55)}`,
        '09:05:09   ├─ /index.html (+12ms)',
        '',
      ].join('\n'),
    );
    expect(progress.current).toEqual({ stage: 'pages', done: 1, planned: 55, reused: 144 });
  });
});
