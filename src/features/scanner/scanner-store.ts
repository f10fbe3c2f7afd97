/**
 * The scanner's state and behaviour, beside its view (ScannerView.tsx): the camera (camera-scanner.ts) runs
 * while the page is visible, the decoder loads once the camera gives a stream, frames are read while the
 * camera is ready and no code is being checked, a code read is checked (scan-destination.ts) and its
 * product opened or the code refused; the shopper pauses, switches the camera, scans again or closes.
 * One scanner per page: the view starts it when it mounts (`startScanner`) and stops it when it goes. No
 * React here: the view hands in its video and still canvas, and a unit test hands in a stand-in window
 * (`ScannerWindow`: its camera, its events) and decoder, so it drives all of it without a browser.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { $mode } from '../../lib/mode.ts';
import {
  type CameraEnvironment,
  CameraScanner,
  type ScannerErrorCode,
  type ScannerState,
} from './camera-scanner.ts';
import { loadDecoder } from './decoder.ts';
import { type CodeDecoder, type DetectedCode, isSecurityError, type Point } from './frame.ts';
import { resolveScan } from './scan-destination.ts';
import { outline, startScanLoop } from './scan-loop.ts';
import type { ScannedRefusal } from './scanned-text.ts';
import { SCANNER_DEFAULTS, type ScannerConfig, scanDelay } from './scanner-config.ts';

/** What became of the last code read. */
type ScanResult =
  | { kind: 'none' }
  /** Its product page is being checked. */
  | { kind: 'checking' }
  /** Its product opens. */
  | { kind: 'found' }
  /** Its text is not followed: why. */
  | ScannedRefusal
  /** The check could not be made (no connection). */
  | { kind: 'check-failed' };

/** What the scanner's screen shows. */
export interface ScannerScreen {
  /** The camera's state (the screen's `data-scanner-state`). */
  camera: ScannerState;
  /** The camera gives frames and they are read. */
  ready: boolean;
  /** Why the camera cannot scan, until it starts again. */
  error: ScannerErrorCode | null;
  /** The shopper paused the camera. */
  paused: boolean;
  /** The camera's last frame stays on screen in the still canvas. */
  frozen: boolean;
  /** The outline of the code read, in the pixels of the frame it was read in (its width and height). */
  found: { points: Point[]; width: number; height: number } | null;
  result: ScanResult;
  /** The device has a second camera (front and back) to switch to. */
  canSwitch: boolean;
}

const IDLE: ScannerScreen = {
  camera: 'stopped',
  ready: false,
  error: null,
  paused: false,
  frozen: false,
  found: null,
  result: { kind: 'none' },
  canSwitch: false,
};

const screen = atom<ScannerScreen>(IDLE);

/** The scanner's screen; changed only by the scanner and the actions below. */
export const $scanner: ReadableAtom<ScannerScreen> = screen;

/** The part of the page's `window` the scanner uses (a stand-in in unit tests). */
export interface ScannerWindow extends CameraEnvironment, EventTarget {
  navigator: { mediaDevices?: Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'> | undefined };
  /** The page's origin (its product pages are always followed) and where an accepted product opens. */
  location: Pick<Location, 'origin' | 'assign'>;
  /** Fires `visibilitychange`; makes the work canvas of a decoder that reads canvases. */
  document: EventTarget & {
    readonly visibilityState: DocumentVisibilityState;
    createElement(tag: 'canvas'): HTMLCanvasElement;
  };
}

/** What the scanner starts with: the view's elements and props, and a unit test's stand-ins. */
export interface ScannerSeams {
  /** The video the camera plays in. */
  video: HTMLVideoElement;
  /** The canvas that keeps the last frame on screen when the camera stops. */
  still: HTMLCanvasElement | null;
  /** Other origins of this site whose product pages are followed (the one printed tags carry). */
  origins: readonly string[];
  config?: Partial<ScannerConfig> | undefined;
  /** The browser (default: this page's window, whose `pagehide` and `pageshow` stop and restart it). */
  window?: ScannerWindow;
  /** The code decoder (default: the browser's own or zxing, loaded once per page). */
  loadDecoder?: () => Promise<CodeDecoder>;
  /** Opens an accepted product (default: load the page). */
  onOpen?: ((href: string) => void) | undefined;
  /** The scanner's error event, called with each failure's code as the screen shows its message. */
  onError?: ((code: ScannerErrorCode) => void) | undefined;
  /** Called with every read's codes; reads then come every `trackScanDelayMs` instead of `scanDelayMs`. */
  onTrack?: ((codes: DetectedCode[]) => void) | undefined;
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to draw. */
const HAVE_CURRENT_DATA = 2;

/** The decoder, loaded once per page (a failed load may be tried again). */
let decoderLoad: Promise<CodeDecoder> | undefined;

function pageDecoder(config: ScannerConfig): Promise<CodeDecoder> {
  decoderLoad ??= loadDecoder(config.formats).catch((reason: unknown) => {
    decoderLoad = undefined;
    throw reason;
  });
  return decoderLoad;
}

/** The running scanner's camera, for the actions. */
let camera: CameraScanner | undefined;

function update(change: Partial<ScannerScreen>): void {
  screen.set({ ...screen.get(), ...change });
}

/**
 * Starts the scanner: its camera runs while the page is visible. Gives the function that stops it for good
 * (every camera track ends, the page's listeners go).
 */
export function startScanner(seams: ScannerSeams): () => void {
  const config: ScannerConfig = { ...SCANNER_DEFAULTS, ...seams.config };
  const page: ScannerWindow = seams.window ?? window;
  const decoder = seams.loadDecoder ?? (() => pageDecoder(config));
  const { video } = seams;
  /** Stops the frame reads under way. */
  let stopReading = () => {};

  const scanner = new CameraScanner(
    video,
    page,
    {
      onState: (state) => update(state === 'started' ? { camera: state, error: null } : { camera: state }),
      onError: (code) => {
        update({ error: code });
        seams.onError?.(code);
      },
      // The decoder downloads once the camera has a stream, while its first frame loads: a page whose
      // camera never starts never loads it.
      onStream: () => {
        decoder().catch(() => {
          // Reported when the first read needs it (the load is tried again then).
        });
      },
      // The reads run while the camera is ready (a camera switched keeps them), and a second camera is
      // looked for (only the count matters).
      onReady: () => {
        if (!screen.get().ready) {
          stopReading = readFrames();
          if (!screen.get().canSwitch) {
            page.navigator.mediaDevices
              ?.enumerateDevices?.()
              .then((devices) =>
                update({ canSwitch: devices.filter((device) => device.kind === 'videoinput').length > 1 }),
              )
              .catch(() => update({ canSwitch: false }));
          }
        }
        update({ ready: true, frozen: false, found: null });
      },
      onFreeze: () => {
        stopReading();
        update({ ready: false, frozen: freezeFrame(video, seams.still) || screen.get().frozen });
      },
    },
    config,
  );

  /** Reads frames until a code is read or the returned function is called. */
  function readFrames(): () => void {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let canvas: HTMLCanvasElement | undefined;
    let first = true;
    decoder().then(
      (loaded) => {
        if (cancelled) return;
        stop = startScanLoop({
          delayMs: scanDelay(config, seams.onTrack !== undefined),
          // A stalled or just-stopped stream has no frame: nothing to read this time, not a failure.
          read: () => {
            if (video.readyState < HAVE_CURRENT_DATA) return Promise.resolve([]);
            if (!loaded.needsCanvas) return loaded.detect(video);
            canvas ??= page.document.createElement('canvas');
            return loaded.detect(frameCanvas(video, canvas));
          },
          onAttempt: () => {
            if (!first) return;
            first = false;
            // Open to first read: a mark the scanner's timing measurement reads.
            performance.mark('scanner:first-read');
          },
          onCodes: (codes) => {
            seams.onTrack?.(codes);
            const code = codes[0];
            if (!code || cancelled) return;
            cancelled = true;
            stop?.();
            update({
              found: { points: outline(code.corners), width: video.videoWidth, height: video.videoHeight },
            });
            void accept(code.text);
          },
          onError: (reason) =>
            scanner.fail(isSecurityError(reason) ? 'cross-origin' : 'detection-unavailable'),
        });
      },
      () => {
        if (!cancelled) scanner.fail('detection-unavailable');
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }

  /** Freezes the frame with its outline, checks the scanned text and opens the product or says why not. */
  async function accept(text: string): Promise<void> {
    scanner.pause(true);
    update({ result: { kind: 'checking' } });
    try {
      // Where a product opens: the web catalogue's page, or chat mode's in the visitor's language.
      const outcome = await resolveScan(text, {
        origins: [page.location.origin, ...seams.origins],
        mode: $mode.get(),
      });
      if (outcome.kind === 'open') {
        update({ result: { kind: 'found' } });
        scanner.close();
        (seams.onOpen ?? ((href: string) => page.location.assign(href)))(outcome.href);
      } else {
        update({ result: outcome });
      }
    } catch {
      update({ result: { kind: 'check-failed' } });
    }
  }

  // The camera is shown while the tab is visible; the page going away stops it (pagehide, not unload, so
  // the page stays eligible for the back-forward cache and comes back with the camera restarted).
  const onVisibility = () => scanner.show(page.document.visibilityState === 'visible');
  const onPageHide = () => scanner.show(false);
  const onPageShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) onVisibility();
  };

  camera = scanner;
  page.document.addEventListener('visibilitychange', onVisibility);
  page.addEventListener('pagehide', onPageHide);
  page.addEventListener('pageshow', onPageShow);
  onVisibility();
  return () => {
    page.document.removeEventListener('visibilitychange', onVisibility);
    page.removeEventListener('pagehide', onPageHide);
    page.removeEventListener('pageshow', onPageShow);
    scanner.close();
    stopReading();
    if (camera !== scanner) return;
    camera = undefined;
    screen.set(IDLE);
  };
}

/** After a refusal or a failure: clears the result and starts the camera again. */
export function scanAgain(): void {
  update({ result: { kind: 'none' }, found: null, paused: false });
  camera?.pause(false);
  camera?.retry();
}

/** Pauses the camera (its last frame stays) or resumes it. */
export function togglePause(): void {
  const paused = !screen.get().paused;
  update({ paused });
  camera?.pause(paused);
}

/** Switches between the back and the front camera. */
export function switchCamera(): void {
  camera?.setFacingMode(camera.facingMode === 'environment' ? 'user' : 'environment');
}

/** Stops every camera track for good (the shopper closes the scanner). */
export function closeScanner(): void {
  camera?.close();
}

/** Copies the video's current frame into the canvas that stays on screen; false when there is no frame. */
function freezeFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement | null): boolean {
  if (!canvas || video.videoWidth === 0) return false;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return true;
}

/** The current frame in a work canvas for zxing (read often, so the browser keeps it in memory). */
function frameCanvas(video: HTMLVideoElement, canvas: HTMLCanvasElement): HTMLCanvasElement {
  if (canvas.width !== video.videoWidth || canvas.height !== video.videoHeight) {
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
  }
  canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0);
  return canvas;
}
