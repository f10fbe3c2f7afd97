import { ANSWER_TIMEOUT_MS, fetchSiteFile } from './site-file.ts';

/** A connection that hangs: nothing comes, and only an abort ends the request. */
const hanging = ((_url: string, init?: RequestInit) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  })) as unknown as typeof fetch;

afterEach(() => vi.useRealTimers());

describe("the site's own files, fetched from the browser", () => {
  it('are given up when no answer has begun in ten seconds', async () => {
    vi.useFakeTimers();
    const answer = fetchSiteFile('/chat/search/en.json', { fetchImpl: hanging });
    const settled = vi.fn();
    answer.catch(settled);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(ANSWER_TIMEOUT_MS).toBe(10_000);
  });

  it('keep an answer that has begun, however long its body takes', async () => {
    // The body's second half comes after the time limit has passed, as a large index on a slow line.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"kind":'));
        setTimeout(() => {
          controller.enqueue(new TextEncoder().encode('"search"}'));
          controller.close();
        }, 60);
      },
    });
    let signal: AbortSignal | null | undefined;
    const fetchImpl = (async (_url: string, init?: RequestInit) => {
      signal = init?.signal;
      return new Response(body);
    }) as unknown as typeof fetch;
    const response = await fetchSiteFile('/chat/search/en.json', { fetchImpl, timeoutMs: 20 });
    expect(await response.json()).toEqual({ kind: 'search' });
    // A browser's fetch ends the body's download when its request is aborted: it never was.
    expect(signal?.aborted).toBe(false);
  });

  it('send the headers asked for', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}'));
    await fetchSiteFile('/area/1/_payload.json', {
      fetchImpl: fetchImpl as unknown as typeof fetch,
      headers: { Accept: 'application/json' },
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/area/1/_payload.json',
      expect.objectContaining({ headers: { Accept: 'application/json' } }),
    );
  });
});
