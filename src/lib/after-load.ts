/** Runs `task` once the page has loaded and the main thread is idle (at most `timeoutMs` after load). */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 2000): void {
  const later = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(task, { timeout: timeoutMs })
      : setTimeout(task, 200);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
