/**
 * Every page's version watch, started by the layout's one page script (src/layouts/page-start.ts), over the
 * code's version the page carries (`<html data-code-version>`):
 * - about 1 s after load, unless the connection is slow, fetch that code's manifest (a failure is logged);
 * - ask `/_build/latest.json` every few minutes and when the page comes back into view; a page restored
 *   from the back-forward cache whose code is no longer the deployed code reloads (every other navigation
 *   of this multi-page site already loads the new document); a rebuild of the catalogue alone reloads
 *   nothing: the product page and the bag ask the API for prices and stock;
 * - a code chunk that fails to load reloads the page, once per path within 10 s; the import that asked
 *   for it fails as it would without the watch.
 */
import { LATEST_BUILD_PATH, manifestPath } from '../../lib/build-info.ts';
import {
  type ConnectionInfo,
  isChunkLoadError,
  isOtherCode,
  isSlowConnection,
  MANIFEST_DELAY_MS,
  POLL_INTERVAL_MS,
  RECHECK_AFTER_MS,
  reloadOnce,
} from './build-watch-rules.ts';

function sessionStore(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** Starts the watch for this page's code. */
export function startVersionWatch(): void {
  const current = document.documentElement.dataset.codeVersion;
  const reloadPage = () => reloadOnce(location.pathname, sessionStore(), () => location.reload());

  // The failed import still rejects (the event is not prevented: a prevented one resolves the import with
  // nothing, and the part waiting for it would throw on that instead of the load failure).
  addEventListener('vite:preloadError', reloadPage);
  addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadPage();
  });

  if (current) {
    let stale = false;
    let checkedAt = 0;

    const check = async (): Promise<boolean> => {
      checkedAt = Date.now();
      try {
        const response = await fetch(`${LATEST_BUILD_PATH}?t=${checkedAt}`);
        if (response.ok && isOtherCode(current, await response.json())) stale = true;
      } catch {
        // Offline or between deploys: ask again later.
      }
      return stale;
    };

    addEventListener('load', () => {
      setTimeout(() => {
        const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
        if (isSlowConnection(connection)) return;
        fetch(manifestPath(current))
          .then((response) => {
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            return response.json();
          })
          .catch((error: unknown) => console.warn('build manifest:', error));
      }, MANIFEST_DELAY_MS);
    });

    setInterval(() => {
      if (document.visibilityState === 'visible') void check();
    }, POLL_INTERVAL_MS);

    addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && Date.now() - checkedAt > RECHECK_AFTER_MS) void check();
    });

    addEventListener('pageshow', async (event) => {
      if (event.persisted && (stale || (await check()))) location.reload();
    });
  }
}
