/** After the frame now being made has been painted: a task queued from the next animation frame. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves once `pictures` are decoded (or have failed to load or decode) and the frame that shows them has
 * been painted, or after `waitMs` at most: a hidden tab paints no frame. A picture's `load` comes before its
 * decoding, and a picture decoded with the paint (`decoding="sync"`, a page's largest) holds its frame until
 * it is decoded: work started at `load` would run, and its requests come back, while the picture is still not
 * on screen.
 */
export function picturesPainted(pictures: readonly HTMLImageElement[], waitMs: number): Promise<void> {
  const painted = Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))).then(
    afterNextPaint,
  );
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}

/** The page's lead pictures (asked for at high priority: its largest paint) on screen, `waitMs` at most. */
export function leadPicturesPainted(waitMs: number): Promise<void> {
  return picturesPainted(
    [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')],
    waitMs,
  );
}

/**
 * Runs `task` once the page has loaded, its lead pictures are on screen (leadPicturesPainted, `timeoutMs` at
 * most) and the main thread is idle (`timeoutMs` at most again): for what the page's first paint does not
 * need.
 */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 2000): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(task, { timeout: timeoutMs })
      : setTimeout(task, 200);
  const later = () => void leadPicturesPainted(timeoutMs).then(idle);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
