/**
 * Fetching a file of this site from the shopper's browser: a page's payload, chat's search index, a postal
 * code's file. Such a file starts answering within a second; a request with no answer after
 * ANSWER_TIMEOUT_MS is a connection that hangs (a store's Wi-Fi dropping mid-request) and is given up, so
 * that what waits on it can say so and offer to try again. Once the answer has begun, its body takes as
 * long as it takes: a large search index on a slow line is not a hang.
 */

/** How long a file of the site may take to begin its answer. */
export const ANSWER_TIMEOUT_MS = 10_000;

/** The answer for `url`; rejects on a network failure and when no answer has begun in time (an AbortError). */
export async function fetchSiteFile(url: string, fetchImpl: typeof fetch = fetch): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
  try {
    return await fetchImpl(url, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
