/** Small async helpers for build-time data loading: bounded concurrency and retries with backoff. */

/** Maps `items` through `fn` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

export interface RetryOptions {
  /** Further attempts after the first. */
  retries: number;
  /** Delay before the first retry; doubles each time, with jitter. */
  baseDelayMs: number;
  /** Whether an error is worth another attempt. */
  shouldRetry: (error: unknown) => boolean;
  /** Called before each retry, for logging. */
  onRetry?: (error: unknown, attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `fn`, retrying retryable failures with exponential backoff; the last error is thrown. */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= options.retries || !options.shouldRetry(error)) throw error;
      options.onRetry?.(error, attempt + 1);
      const delay = options.baseDelayMs * 2 ** attempt;
      await sleep(delay / 2 + Math.random() * (delay / 2));
    }
  }
}
