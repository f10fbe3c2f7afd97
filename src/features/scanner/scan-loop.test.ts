import type { DetectedCode } from './frame.ts';
import { outline, startScanLoop, svgPoints } from './scan-loop.ts';
import { SCANNER_DEFAULTS, scanDelay } from './scanner-config.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the loop over reads that each take `readMs`; gives the times (ms) each read started. */
async function readTimes(delayMs: number, readMs: number, forMs: number) {
  const starts: number[] = [];
  const t0 = performance.now();
  const stop = startScanLoop({
    delayMs,
    read: async () => {
      starts.push(Math.round(performance.now() - t0));
      await new Promise((resolve) => setTimeout(resolve, readMs));
      return [];
    },
    onCodes: () => {},
    onError: () => {},
  });
  await vi.advanceTimersByTimeAsync(forMs);
  stop();
  return starts;
}

describe('the scan loop', () => {
  it('waits 500 ms between scans by default and 40 ms with a track callback', () => {
    expect(scanDelay(SCANNER_DEFAULTS, false)).toBe(500);
    expect(scanDelay(SCANNER_DEFAULTS, true)).toBe(40);
  });

  it('starts a read no sooner than the minimum delay after the last one started', async () => {
    expect(await readTimes(500, 10, 1600)).toEqual([0, 500, 1000, 1500]);
  });

  it('never overlaps two reads: a slow read pushes the next one back', async () => {
    const starts = await readTimes(40, 100, 350);
    const gaps = starts.slice(1).map((start, i) => start - (starts[i] ?? 0));
    expect(starts).toHaveLength(4);
    // Each read starts once the last one has ended (100 ms), right away: the 40 ms have passed already.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100);
    for (const gap of gaps) expect(gap).toBeLessThan(105);
  });

  it('reports codes and stops on a failed read', async () => {
    const code: DetectedCode = { text: 'x', corners: [] };
    const found: DetectedCode[][] = [];
    const errors: unknown[] = [];
    let reads = 0;
    startScanLoop({
      delayMs: 500,
      read: async () => {
        reads++;
        if (reads === 2) throw new Error('tainted');
        return [code];
      },
      onCodes: (codes) => found.push(codes),
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(found).toEqual([[code]]);
    expect(errors).toHaveLength(1);
    expect(reads).toBe(2);
  });

  it('reports nothing after it is stopped', async () => {
    const found: unknown[] = [];
    let release: () => void = () => {};
    const stop = startScanLoop({
      delayMs: 500,
      read: () => new Promise((resolve) => (release = () => resolve([{ text: 'late', corners: [] }]))),
      onCodes: (codes) => found.push(codes),
      onError: () => {},
    });
    stop();
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(found).toEqual([]);
  });
});

describe('the outline of a code', () => {
  it('completes a QR code’s three finder patterns into four corners', () => {
    const bottomLeft = { x: 10, y: 110 };
    const topLeft = { x: 10, y: 10 };
    const topRight = { x: 110, y: 10 };
    expect(outline([bottomLeft, topLeft, topRight])).toEqual([
      topLeft,
      topRight,
      { x: 110, y: 110 },
      bottomLeft,
    ]);
  });

  it('keeps four corners as they are', () => {
    const corners = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    expect(outline(corners)).toEqual(corners);
  });

  it('writes SVG points in whole pixels', () => {
    expect(
      svgPoints([
        { x: 1.4, y: 2.6 },
        { x: 3, y: 4 },
      ]),
    ).toBe('1,3 3,4');
  });
});
