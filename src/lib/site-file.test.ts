import { hangingFetch } from '../../tests/fixtures/network.ts';
import { ANSWER_TIMEOUT_MS, fetchSiteFile } from './site-file.ts';

afterEach(() => vi.useRealTimers());

describe("the site's own files, fetched from the browser", () => {
  it('are given up when no answer has begun in ten seconds', async () => {
    vi.useFakeTimers();
    const answer = fetchSiteFile('/chat/search/en.json', hangingFetch);
    const settled = vi.fn();
    answer.catch(settled);
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(ANSWER_TIMEOUT_MS).toBe(10_000);
  });

  it('keep an answer that has begun, however long its body takes', async () => {
    vi.useFakeTimers();
    // The body's second half comes after the time limit has passed, as a large index on a slow line.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"kind":'));
        setTimeout(() => {
          controller.enqueue(new TextEncoder().encode('"search"}'));
          controller.close();
        }, ANSWER_TIMEOUT_MS * 2);
      },
    });
    let signal: AbortSignal | null | undefined;
    const fetchImpl = (async (_url: string, init?: RequestInit) => {
      signal = init?.signal;
      return new Response(body);
    }) as unknown as typeof fetch;
    const response = await fetchSiteFile('/chat/search/en.json', fetchImpl);
    const read = response.json();
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS * 2);
    expect(await read).toEqual({ kind: 'search' });
    // A browser's fetch ends the body's download when its request is aborted: it never was.
    expect(signal?.aborted).toBe(false);
  });
});
