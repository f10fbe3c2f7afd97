/**
 * The QR page's time limit. The server decides when a draft order expires (its status is polled); the
 * countdown only shows the time left to `expiresAt`, ticking on whole seconds.
 */
import { t } from './qr-strings.ts';

/** Milliseconds left until `expiresAt` (ISO string or epoch ms); never negative. */
export function remainingMs(expiresAt: string | number, now: number): number {
  const end = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/** Whole seconds left, rounded up: 14:59.2 shows as 15:00 until it is really 14:59. */
const remainingSeconds = (ms: number) => Math.ceil(Math.max(0, ms) / 1000);

/** `m:ss` (e.g. `14:05`, `0:09`). */
export function formatCountdown(ms: number): string {
  const seconds = remainingSeconds(ms);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The same in words, for screen readers: `残り14分5秒`. */
export function countdownLabel(ms: number): string {
  const seconds = remainingSeconds(ms);
  return t('qr.countdown.remaining', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

export interface Countdown {
  /** Moves the end (the server's expiresAt may differ from the first one read). */
  setEnd(expiresAt: string | number): void;
  stop(): void;
}

/**
 * Calls `onTick(ms left)` now and on each whole second, and `onZero()` once when it reaches zero. Timers are
 * aligned to the second boundary so the display never skips or repeats a second.
 */
export function startCountdown(
  expiresAt: string | number,
  onTick: (ms: number) => void,
  onZero: () => void,
  now: () => number = Date.now,
): Countdown {
  let end = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let zeroed = false;
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    const left = remainingMs(end, now());
    onTick(left);
    if (left === 0) {
      if (!zeroed) {
        zeroed = true;
        onZero();
      }
      return;
    }
    // Wake just after the next whole second of time left.
    timer = setTimeout(tick, left % 1000 || 1000);
  };
  tick();

  return {
    setEnd(next) {
      const nextEnd = typeof next === 'number' ? next : Date.parse(next);
      if (Number.isNaN(nextEnd) || nextEnd === end) return;
      end = nextEnd;
      if (remainingMs(end, now()) > 0) zeroed = false;
      clearTimeout(timer);
      tick();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
