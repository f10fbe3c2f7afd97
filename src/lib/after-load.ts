/** After the frame now being made has been painted: a task queued from the next animation frame. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves once the page's lead pictures (asked for at high priority: its largest paint) are decoded, or
 * failed, and the frame that shows them has been painted. A picture's `load` comes before its decoding, and
 * a frame with a picture decoded with the paint waits for it: work started at `load` would run, and its
 * requests come back, while the page's largest picture is still not on screen.
 */
export function leadPicturesPainted(doc: Document = document): Promise<void> {
  const pictures = [...doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  return Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))).then(afterNextPaint);
}

/**
 * Runs `task` once the page has loaded, its lead pictures are on screen (leadPicturesPainted) and the main
 * thread is idle (at most `timeoutMs` after that): for what the page's first paint does not need.
 */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 2000): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(task, { timeout: timeoutMs })
      : setTimeout(task, 200);
  const later = () => void leadPicturesPainted().then(idle);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
