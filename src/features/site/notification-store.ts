/**
 * The notification bar: open or closed; it closes after its timeout (-1 means never), the timer
 * pauses while the bar is hovered (or focused) and resumes with the time that was left, and a vertical
 * swipe over 50 px closes it. One message at a time: a new one replaces the open one.
 */
import { atom } from 'nanostores';

export type NotificationTone = 'info' | 'success' | 'error';

export interface Notification {
  id: number;
  message: string;
  tone: NotificationTone;
  /** Milliseconds until it closes by itself; -1 never. */
  timeoutMs: number;
}

/** The timeout that means "until closed". */
export const NEVER = -1;
/** How long messages stay: errors longer, so they can be read. */
const INFO_TIMEOUT_MS = 5_000;
const ERROR_TIMEOUT_MS = 10_000;
/** A vertical swipe longer than this closes the bar. */
const SWIPE_CLOSE_PX = 50;

/** The open notification; null when the bar is closed. */
export const $notification = atom<Notification | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Time left on the open notification's timer, and when it last started running. */
let remaining = 0;
let startedAt = 0;
const pausedBy = new Set<string>();

function stopTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function runTimer(): void {
  stopTimer();
  const open = $notification.get();
  if (!open || open.timeoutMs < 0 || pausedBy.size > 0) return;
  startedAt = Date.now();
  const id = open.id;
  timer = setTimeout(() => closeNotification(id), remaining);
}

/** Opens the bar with a message (replacing any open one); returns its id. */
export function notify(
  message: string,
  options: { tone?: NotificationTone; timeoutMs?: number } = {},
): number {
  const tone = options.tone ?? 'info';
  const timeoutMs = options.timeoutMs ?? (tone === 'error' ? ERROR_TIMEOUT_MS : INFO_TIMEOUT_MS);
  const id = nextId++;
  $notification.set({ id, message, tone, timeoutMs });
  remaining = Math.max(0, timeoutMs);
  runTimer();
  return id;
}

/** Closes the bar; with an id, only if that notification is still the open one. */
export function closeNotification(id?: number): void {
  const open = $notification.get();
  if (!open || (id !== undefined && open.id !== id)) return;
  stopTimer();
  pausedBy.clear();
  $notification.set(null);
}

/** Holds the timer while `reason` lasts (e.g. `hover`, `focus`). */
export function pauseNotification(reason = 'hover'): void {
  if (pausedBy.has(reason)) return;
  const wasRunning = timer !== undefined;
  pausedBy.add(reason);
  if (wasRunning) {
    remaining = Math.max(0, remaining - (Date.now() - startedAt));
    stopTimer();
  }
}

/** Lets the timer run again with the time that was left, once no reason holds it. */
export function resumeNotification(reason = 'hover'): void {
  if (!pausedBy.delete(reason)) return;
  if (pausedBy.size === 0) runTimer();
}

/** True when a vertical swipe from `startY` to `endY` is long enough to close the bar. */
export function isCloseSwipe(startY: number, endY: number): boolean {
  return Math.abs(endY - startY) > SWIPE_CLOSE_PX;
}
