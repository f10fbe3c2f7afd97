/**
 * The scanner, full screen over the page: the live camera, the frozen last frame when it stops, an outline
 * over a detected code, and below them a panel: the instructions with what is happening (starting, paused,
 * checking), or in their place a message (a refusal, an error) with a way forward. The panel keeps one
 * height for all of them (up to a message of three lines), so the camera's space and its frame never move;
 * a page whose island draws only in the browser is built with the same screen (ScannerScreen.astro). The
 * close link always works: it stops every camera track, then leaves (to `closeHref` even without script).
 * Strings come in as one messages object and the site's mode (src/lib/mode.ts) says where a product opens,
 * so the web catalogue and chat mode use the same view.
 */
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { $mode } from '../../lib/mode.ts';
import { Icon } from '../../ui/Icon.tsx';
import { CameraScanner, type ScannerErrorCode, type ScannerState } from './camera-scanner.ts';
import { loadDecoder } from './decoder.ts';
import { fill } from './fill.ts';
import { type CodeDecoder, type DetectedCode, isSecurityError, type Point } from './frame.ts';
import { resolveScan } from './scan-destination.ts';
import { outline, startScanLoop, svgPoints } from './scan-loop.ts';
import type { ScannedRefusal } from './scanned-text.ts';
import { SCANNER_DEFAULTS, type ScannerConfig, scanDelay } from './scanner-config.ts';
import type { ScannerIcons } from './scanner-icons.ts';
import type { ScannerMessages } from './scanner-messages.ts';

export interface ScannerViewProps {
  messages: ScannerMessages;
  /** The icons' paths, from `scannerIcons()` at build time (see scanner-icons.ts). */
  icons: ScannerIcons;
  /**
   * The canonical site's origin (the one printed tags carry) and any other of this site; the page's own
   * origin is always added. Only product pages of these origins are followed.
   */
  origins: readonly string[];
  /** Where closing leads when `onClose` does not take over (and without script). */
  closeHref: string;
  /** The product list, offered when scanning cannot go on. */
  productListHref: string;
  /** Called after the camera stopped, instead of following `closeHref`. */
  onClose?: () => void;
  /** Opens an accepted product (default: load the page). */
  onOpen?: (href: string) => void;
  /** The scanner's error event: called with each failure's code as the view shows its message. */
  onError?: (code: ScannerErrorCode) => void;
  /** Called with every read's codes; reads then come every 40 ms instead of 500 ms. */
  onTrack?: (codes: DetectedCode[]) => void;
  config?: Partial<ScannerConfig>;
}

type Result =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'found' }
  | { kind: 'refused'; refusal: ScannedRefusal }
  | { kind: 'check-failed' };

/** A message in the panel: its title, its text, the label of trying again (when it can help). */
interface Alert {
  title: string;
  text: string;
  again?: string | undefined;
  /** What was refused, on the text (`data-scanner-refusal`): a refusal's reason, or `check`. */
  refusal?: string;
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to draw. */
const HAVE_CURRENT_DATA = 2;

/** The decoder, loaded once per page (a failed load may be tried again). */
let decoderLoad: Promise<CodeDecoder> | undefined;

function decoderFor(config: ScannerConfig): Promise<CodeDecoder> {
  decoderLoad ??= loadDecoder(config.formats).catch((reason: unknown) => {
    decoderLoad = undefined;
    throw reason;
  });
  return decoderLoad;
}

export function ScannerView(props: ScannerViewProps) {
  const { messages, icons } = props;
  const config: ScannerConfig = { ...SCANNER_DEFAULTS, ...props.config };
  const videoRef = useRef<HTMLVideoElement>(null);
  const frozenRef = useRef<HTMLCanvasElement>(null);
  const scannerRef = useRef<CameraScanner | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [state, setState] = useState<ScannerState>('stopped');
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<ScannerErrorCode | null>(null);
  const [paused, setPaused] = useState(false);
  const [frozen, setFrozen] = useState(false);
  const [frame, setFrame] = useState({ width: 0, height: 0 });
  const [found, setFound] = useState<Point[] | null>(null);
  const [result, setResult] = useState<Result>({ kind: 'none' });
  const [canSwitch, setCanSwitch] = useState(false);

  // The camera: shown while the tab is visible; the page going away stops it (pagehide, not unload, so
  // the page stays eligible for the back-forward cache and comes back with the camera restarted).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera is made once per mount
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const scanner = new CameraScanner(
      video,
      { isSecureContext: window.isSecureContext, mediaDevices: navigator.mediaDevices },
      {
        onState: (next) => {
          setState(next);
          if (next === 'started') setError(null);
        },
        onError: (code) => {
          setError(code);
          propsRef.current.onError?.(code);
        },
        // The decoder downloads once the camera has a stream, while its first frame loads: a page whose
        // camera never starts never loads it.
        onStream: () => {
          decoderFor(config).catch(() => {
            // Reported when the first read needs it (the load is tried again then).
          });
        },
        onReady: () => {
          setFrame({ width: video.videoWidth, height: video.videoHeight });
          setFrozen(false);
          setFound(null);
          setReady(true);
        },
        onFreeze: () => {
          if (freezeFrame(video, frozenRef.current)) setFrozen(true);
          setReady(false);
        },
      },
      config,
    );
    scannerRef.current = scanner;
    const onVisibility = () => scanner.show(document.visibilityState === 'visible');
    const onPageHide = () => scanner.show(false);
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onVisibility();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    onVisibility();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      scanner.close();
      scannerRef.current = null;
    };
  }, []);

  // A second camera (front and back) offers the switch; labels are not needed, only the count.
  useEffect(() => {
    if (!ready || canSwitch) return;
    navigator.mediaDevices
      ?.enumerateDevices()
      .then((devices) => setCanSwitch(devices.filter((device) => device.kind === 'videoinput').length > 1))
      .catch(() => setCanSwitch(false));
  }, [ready, canSwitch]);

  // Reading frames while the camera is ready and nothing is being checked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts only when the camera readiness changes
  useEffect(() => {
    const video = videoRef.current;
    const scanner = scannerRef.current;
    if (!ready || !video || !scanner) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const canvas = document.createElement('canvas');
    let first = true;
    decoderFor(config).then(
      (decoder) => {
        if (cancelled) return;
        stop = startScanLoop({
          delayMs: scanDelay(config, propsRef.current.onTrack !== undefined),
          // A stalled or just-stopped stream has no frame: nothing to read this time, not a failure.
          read: () =>
            video.readyState < HAVE_CURRENT_DATA
              ? Promise.resolve([])
              : decoder.detect(decoder.needsCanvas ? frameCanvas(video, canvas) : video),
          onAttempt: () => {
            if (!first) return;
            first = false;
            // Open to first read: a mark the scanner's timing measurement reads.
            performance.mark('scanner:first-read');
          },
          onCodes: (codes) => {
            propsRef.current.onTrack?.(codes);
            const code = codes[0];
            if (!code || cancelled) return;
            cancelled = true;
            stop?.();
            setFound(outline(code.corners));
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
  }, [ready]);

  /** Freezes the frame with its outline, checks the scanned text and opens the product or says why not. */
  async function accept(text: string) {
    const scanner = scannerRef.current;
    scanner?.pause(true);
    setResult({ kind: 'checking' });
    const { origins } = propsRef.current;
    try {
      // Where a product opens: the web catalogue's page, or chat mode's in the visitor's language.
      const outcome = await resolveScan(text, {
        origins: [window.location.origin, ...origins],
        mode: $mode.get(),
      });
      if (outcome.kind === 'open') {
        setResult({ kind: 'found' });
        scanner?.close();
        (propsRef.current.onOpen ?? ((href: string) => window.location.assign(href)))(outcome.href);
      } else {
        setResult({ kind: 'refused', refusal: outcome });
      }
    } catch {
      setResult({ kind: 'check-failed' });
    }
  }

  function scanAgain() {
    setResult({ kind: 'none' });
    setFound(null);
    setPaused(false);
    scannerRef.current?.pause(false);
    scannerRef.current?.retry();
  }

  function togglePause() {
    const next = !paused;
    setPaused(next);
    scannerRef.current?.pause(next);
  }

  function close(event: MouseEvent<HTMLAnchorElement>) {
    scannerRef.current?.close();
    const { onClose } = propsRef.current;
    if (onClose) {
      event.preventDefault();
      onClose();
    }
  }

  // What the panel says in the instructions' place: the camera's failure, else why a code is not opened.
  const alert: Alert | null = error
    ? {
        title: messages.errorTitle,
        text: messages[`error.${error}`],
        // Trying again cannot give a page security, a camera API or a camera.
        again:
          error === 'insecure-context' || error === 'no-stream-api' || error === 'no-camera'
            ? undefined
            : messages.retry,
      }
    : result.kind === 'refused'
      ? {
          title: messages.refusedTitle,
          text: fill(messages[`refused.${result.refusal.reason}`], {
            host: result.refusal.shown,
            text: result.refusal.shown,
          }),
          again: messages.scanAgain,
          refusal: result.refusal.reason,
        }
      : result.kind === 'check-failed'
        ? {
            title: messages.refusedTitle,
            text: messages.checkFailed,
            again: messages.scanAgain,
            refusal: 'check',
          }
        : null;
  const busy = result.kind !== 'none';
  const status =
    result.kind === 'checking'
      ? messages.checking
      : result.kind === 'found'
        ? messages.found
        : paused
          ? messages.paused
          : state === 'started' && !ready
            ? messages.starting
            : messages.hint;

  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-black text-white" data-scanner-state={state}>
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 pl-4 pr-1">
        <h1 className="text-base font-bold">{messages.title}</h1>
        <a
          href={props.closeHref}
          onClick={close}
          className="flex h-12 min-w-12 items-center justify-center gap-1 px-2 text-sm"
        >
          <Icon path={icons.close} />
          {messages.close}
        </a>
      </div>
      <div className="relative min-h-0 flex-1 overflow-hidden">
        <video
          ref={videoRef}
          className={`absolute inset-0 h-full w-full object-cover ${frozen ? 'invisible' : ''}`}
          muted
          playsInline
          autoPlay
          aria-label={messages.video}
        />
        <canvas
          ref={frozenRef}
          className={`absolute inset-0 h-full w-full object-cover ${frozen ? '' : 'hidden'}`}
          role="img"
          aria-label={messages.video}
          data-scanner-frozen={frozen ? 'true' : 'false'}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 aspect-square w-2/3 max-w-72 -translate-x-1/2 -translate-y-1/2 rounded-lg border-2 border-white/70"
          data-scanner-frame=""
        />
        {found && frame.width > 0 && (
          <svg
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 h-full w-full"
            viewBox={`0 0 ${frame.width} ${frame.height}`}
            preserveAspectRatio="xMidYMid slice"
            data-scanner-outline=""
          >
            <polygon
              points={svgPoints(found)}
              fill="rgb(255 255 255 / 0.15)"
              stroke="#ffffff"
              strokeWidth={Math.max(3, frame.width / 160)}
              strokeLinejoin="round"
              className="motion-safe:animate-pulse"
            />
          </svg>
        )}
      </div>
      <div className="flex min-h-48 shrink-0 flex-col gap-3 bg-white px-4 pt-4 pb-6 text-primary">
        {alert ? (
          <div role="alert" className="flex flex-col gap-3">
            <h2 className="font-bold">{alert.title}</h2>
            <p className="text-sm" data-scanner-refusal={alert.refusal}>
              {alert.text}
            </p>
            <div className="flex flex-wrap gap-2">
              {alert.again && (
                <button type="button" className={primaryButton} onClick={scanAgain}>
                  {alert.again}
                </button>
              )}
              <a href={props.productListHref} className={secondaryButton}>
                {messages.productList}
              </a>
            </div>
          </div>
        ) : (
          <>
            <p className="font-bold">{messages.instructions}</p>
            <div className="flex justify-between gap-3">
              <p role="status" className="py-3 text-sm">
                {status}
              </p>
              <div className="flex shrink-0 gap-1">
                {canSwitch && !busy && (
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() =>
                      scannerRef.current?.setFacingMode(
                        scannerRef.current.facingMode === 'environment' ? 'user' : 'environment',
                      )
                    }
                  >
                    <Icon path={icons.switchCamera} label={messages.switchCamera} />
                  </button>
                )}
                {!busy && (
                  <button type="button" className={iconButton} onClick={togglePause} aria-pressed={paused}>
                    <Icon
                      path={paused ? icons.resume : icons.pause}
                      label={paused ? messages.resume : messages.pause}
                    />
                  </button>
                )}
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

const primaryButton =
  'flex min-h-11 items-center justify-center rounded bg-primary px-4 text-sm font-bold text-white';
const secondaryButton =
  'flex min-h-11 items-center justify-center rounded border border-primary px-4 text-sm text-primary';
const iconButton = 'flex h-11 w-11 items-center justify-center rounded-full border border-accent';

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
