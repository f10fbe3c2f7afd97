/**
 * The scanner, full screen over the page: the live camera, the frozen last frame when it stops, an outline
 * over a detected code, and below them a panel: the instructions with what is happening (starting, paused,
 * checking), or in their place a message (a refusal, an error) with a way forward. The panel keeps one
 * height for all of them (up to a message of three lines), so the camera's space and its frame never move;
 * a page whose island draws only in the browser is built with the same screen (ScannerScreen.astro). The
 * close link always works: it stops every camera track, then leaves (to `closeHref` even without script).
 * Strings come in as one messages object and the site's mode (src/lib/mode.ts) says where a product opens,
 * so the web catalogue and chat mode use the same view. The camera, the decoding and what a read leads to
 * are the scanner's store (scanner-store.ts): the view starts it, renders its state and forwards the
 * shopper's presses to its actions.
 */
import { type MouseEvent, useEffect, useRef, useSyncExternalStore } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import type { ScannerErrorCode } from './camera-scanner.ts';
import type { DetectedCode } from './frame.ts';
import { svgPoints } from './scan-loop.ts';
import type { ScannerConfig } from './scanner-config.ts';
import type { ScannerIcons } from './scanner-icons.ts';
import type { ScannerMessages } from './scanner-messages.ts';
import { scannerAlert, scannerStatus } from './scanner-panel.ts';
import {
  $scanner,
  closeScanner,
  scanAgain,
  startScanner,
  switchCamera,
  togglePause,
} from './scanner-store.ts';

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
  /** Called with every read's codes; reads then come every `trackScanDelayMs` instead of `scanDelayMs`. */
  onTrack?: (codes: DetectedCode[]) => void;
  config?: Partial<ScannerConfig>;
}

export function ScannerView(props: ScannerViewProps) {
  const { messages, icons } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const frozenRef = useRef<HTMLCanvasElement>(null);
  // React's own hook on the store, as the product lists do (docs/decisions.md, "State in stores"); the
  // server and hydration render the scanner before it starts.
  const screen = useSyncExternalStore($scanner.listen, $scanner.get, $scanner.get);
  const { camera, frozen, found } = screen;

  // The scanner runs while the view is on the page; its props are read once, as it starts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scanner is started once per mount
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    return startScanner({ ...props, video, still: frozenRef.current });
  }, []);

  function close(event: MouseEvent<HTMLAnchorElement>) {
    closeScanner();
    if (props.onClose) {
      event.preventDefault();
      props.onClose();
    }
  }

  const alert = scannerAlert(screen, messages);
  const busy = screen.result.kind !== 'none';
  const paused = screen.paused;

  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-black text-white" data-scanner-state={camera}>
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
        {found && found.width > 0 && (
          <svg
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 h-full w-full"
            viewBox={`0 0 ${found.width} ${found.height}`}
            preserveAspectRatio="xMidYMid slice"
            data-scanner-outline=""
          >
            <polygon
              points={svgPoints(found.points)}
              fill="rgb(255 255 255 / 0.15)"
              stroke="#ffffff"
              strokeWidth={Math.max(3, found.width / 160)}
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
                {scannerStatus(screen, messages)}
              </p>
              <div className="flex shrink-0 gap-1">
                {screen.canSwitch && !busy && (
                  <button type="button" className={iconButton} onClick={switchCamera}>
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
