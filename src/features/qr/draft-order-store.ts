/**
 * The QR page's draft order: its confirmation, read once, then its status polled every 3 s while the page
 * is visible (the server decides when it is paid or expired). Completed → the order page; expired →
 * /qr/timeout/; replaced by a newer QR or refused (errorCode) → said on the page.
 */
import { atom } from 'nanostores';
import type { CartConfirmation } from '../../lib/catalog/cart.ts';
import { getCartConfirmation, getDraftOrderStatus } from '../../lib/catalog/cart.ts';
import { DataNotFoundError, markHandled } from '../../lib/errors.ts';
import { type ConfirmationErrorCode, stepForConfirmation, stepForStatus } from './qr-status.ts';

/** How often the status is asked for while the page is visible. */
export const POLL_INTERVAL_MS = 3_000;

export type QrView =
  | { kind: 'loading' }
  /** The QR to show; `offline` while polls fail (it keeps trying). */
  | { kind: 'ready'; confirmation: CartConfirmation; expiresAt: string; offline: boolean }
  /** The draft order cannot be paid: why. */
  | { kind: 'refused'; code: ConfirmationErrorCode }
  /** Moving on to another page. */
  | { kind: 'leaving'; href: string }
  /** The error screen: 404 for an unknown draft order, else the failed call's status (with retry). */
  | { kind: 'error'; status: number };

export const $qr = atom<QrView>({ kind: 'loading' });

export interface WatchOptions {
  /** Goes to another page; `location.replace` (the QR page is done with once left). */
  navigate?: (href: string) => void;
  /** The document whose visibility pauses polling. */
  document?: Document;
}

export interface DraftOrderWatch {
  /** Asks for the status now (e.g. when the countdown reaches zero). */
  pollNow(): void;
  stop(): void;
}

const statusOf = (error: unknown) => (error instanceof DataNotFoundError ? error.status : 0);

/** Reads the draft order behind `alias` and follows its status until the page moves on or `stop()`. */
export function watchDraftOrder(alias: string, options: WatchOptions = {}): DraftOrderWatch {
  const navigate = options.navigate ?? ((href: string) => window.location.replace(href));
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let polling = false;

  const leave = (href: string) => {
    stop();
    $qr.set({ kind: 'leaving', href });
    navigate(href);
  };

  const visible = () => doc?.visibilityState !== 'hidden';

  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!stopped && visible()) timer = setTimeout(poll, POLL_INTERVAL_MS);
  };

  async function poll(): Promise<void> {
    if (stopped || polling) return;
    polling = true;
    try {
      const step = stepForStatus(await getDraftOrderStatus(alias));
      if (stopped) return;
      const view = $qr.get();
      if (step.kind === 'go') return leave(step.href);
      if (step.kind === 'stopped') {
        stop();
        $qr.set({ kind: 'refused', code: step.code });
        return;
      }
      if (view.kind === 'ready') $qr.set({ ...view, expiresAt: step.expiresAt, offline: false });
    } catch (error) {
      markHandled(error);
      if (stopped) return;
      if (statusOf(error) === 404) {
        stop();
        $qr.set({ kind: 'error', status: 404 });
        return;
      }
      const view = $qr.get();
      if (view.kind === 'ready' && !view.offline) $qr.set({ ...view, offline: true });
    } finally {
      polling = false;
    }
    schedule();
  }

  const onVisibility = () => {
    if (stopped) return;
    if (visible()) void poll();
    else {
      clearTimeout(timer);
      timer = undefined;
    }
  };

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    doc?.removeEventListener('visibilitychange', onVisibility);
  }

  $qr.set({ kind: 'loading' });
  void (async () => {
    try {
      const step = stepForConfirmation(await getCartConfirmation(alias));
      if (stopped) return;
      switch (step.kind) {
        case 'go':
          return leave(step.href);
        case 'notFound':
          $qr.set({ kind: 'error', status: 404 });
          return;
        case 'refused':
          $qr.set({ kind: 'refused', code: step.code });
          return;
        case 'show':
          $qr.set({
            kind: 'ready',
            confirmation: step.confirmation,
            expiresAt: step.confirmation.expiresAt,
            offline: false,
          });
          doc?.addEventListener('visibilitychange', onVisibility);
          schedule();
      }
    } catch (error) {
      markHandled(error);
      if (stopped) return;
      const status = statusOf(error);
      // 400 is a malformed alias: for the shopper, a page that does not exist.
      $qr.set({ kind: 'error', status: status === 400 ? 404 : status });
    }
  })();

  return {
    pollNow: () => {
      clearTimeout(timer);
      void poll();
    },
    stop,
  };
}

let current: { alias: string; watch: DraftOrderWatch } | undefined;

/**
 * Follows the draft order of this page once: the page's script starts it before React has loaded and the
 * island joins it. `restart` (the error screen's retry) starts over.
 */
export function followDraftOrder(alias: string, { restart = false } = {}): DraftOrderWatch {
  if (current && current.alias === alias && !restart) return current.watch;
  current?.watch.stop();
  current = { alias, watch: watchDraftOrder(alias) };
  return current.watch;
}
