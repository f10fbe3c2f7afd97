import { mapLimit, withRetry } from './async.ts';

describe('mapLimit', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });

  it('handles an empty list', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });
});

describe('withRetry', () => {
  const noSleep = async () => {};

  it('retries retryable failures until one succeeds', async () => {
    let calls = 0;
    const value = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw new Error('503');
        return 'ok';
      },
      { retries: 4, baseDelayMs: 1, shouldRetry: () => true, sleep: noSleep },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after the retries and throws the last error', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error(`fail ${calls}`);
        },
        { retries: 2, baseDelayMs: 1, shouldRetry: () => true, sleep: noSleep },
      ),
    ).rejects.toThrow('fail 3');
  });

  it('does not retry an error that is not retryable', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('404');
        },
        { retries: 5, baseDelayMs: 1, shouldRetry: () => false, sleep: noSleep },
      ),
    ).rejects.toThrow('404');
    expect(calls).toBe(1);
  });
});
