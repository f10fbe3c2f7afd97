/**
 * Reading frames one after another, never two at once and never more often than the minimum delay
 * between scans (`scanDelayMs`, or `trackScanDelayMs` when a track callback outlines codes as they move:
 * scanner-config.ts).
 */
import type { DetectedCode, Point } from './frame.ts';

export interface ScanLoopOptions {
  /** Reads the current frame. */
  read(): Promise<DetectedCode[]>;
  /** Least time from the start of one read to the start of the next. */
  delayMs: number;
  /** The codes of a read (called for every read with codes). */
  onCodes(codes: DetectedCode[]): void;
  /** A read failed: the loop stops. */
  onError(error: unknown): void;
  /** Called before every read (for the outline's "nothing here any more" and for measuring). */
  onAttempt?(): void;
}

/** Starts reading; the returned function stops it (a read under way finishes but is not reported). */
export function startScanLoop(options: ScanLoopOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    const started = performance.now();
    options.onAttempt?.();
    let codes: DetectedCode[];
    try {
      codes = await options.read();
    } catch (error) {
      if (!stopped) options.onError(error);
      stopped = true;
      return;
    }
    if (stopped) return;
    if (codes.length > 0) options.onCodes(codes);
    if (stopped) return;
    const elapsed = performance.now() - started;
    timer = setTimeout(tick, Math.max(0, options.delayMs - elapsed));
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * The outline of a code as a closed polygon. A QR code read by zxing gives its three finder patterns
 * (bottom-left, top-left, top-right): the fourth corner completes the parallelogram. Four points or more
 * (a native detector's corners) are used as they are; fewer than three (a 1D code's ends) draw a line.
 */
export function outline(corners: readonly Point[]): Point[] {
  if (corners.length !== 3) return [...corners];
  const [bottomLeft, topLeft, topRight] = corners as [Point, Point, Point];
  return [
    topLeft,
    topRight,
    { x: topRight.x + bottomLeft.x - topLeft.x, y: topRight.y + bottomLeft.y - topLeft.y },
    bottomLeft,
  ];
}

/** An SVG `points` attribute. */
export function svgPoints(points: readonly Point[]): string {
  return points.map((point) => `${Math.round(point.x)},${Math.round(point.y)}`).join(' ');
}
