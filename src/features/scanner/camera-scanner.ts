/**
 * The camera behind the scanner: states `stopped`, `started` and `failed`. It runs while it is shown and
 * not paused; hiding it, pausing it or closing it freezes the last frame and stops every camera track;
 * changing the camera constraints (front or back camera) restarts it. Failures become named errors that
 * the view turns into messages. No DOM or React here: the view hands in a video element and the browser's
 * media API, so a unit test drives it with fakes.
 */
import { cameraConstraints, SCANNER_DEFAULTS, type ScannerConfig } from './scanner-config.ts';

export type ScannerState = 'stopped' | 'started' | 'failed';

/** Why the scanner cannot scan; each has its own message and way forward. */
export type ScannerErrorCode =
  /** The page is not HTTPS or localhost, so the browser gives no camera. */
  | 'insecure-context'
  /** The browser has no camera stream API (`navigator.mediaDevices.getUserMedia`). */
  | 'no-stream-api'
  /** The camera's stream did not load within the time limit. */
  | 'stream-timeout'
  /** The shopper or the browser refused the camera. */
  | 'permission-denied'
  /** The device has no camera (or none matching the constraints). */
  | 'no-camera'
  /** The camera exists but another app holds it or it cannot be read. */
  | 'camera-busy'
  /** A frame from another origin cannot be read (a tainted canvas). */
  | 'cross-origin'
  /** No code decoder could be loaded or run. */
  | 'detection-unavailable';

/** The part of a `<video>` element the scanner uses. */
export interface CameraVideo {
  srcObject: MediaProvider | null;
  readyState: number;
  play(): Promise<void>;
  addEventListener(type: 'loadeddata', listener: () => void): void;
  removeEventListener(type: 'loadeddata', listener: () => void): void;
}

/** What the scanner needs of the browser: the page's `window`, or a test's stand-in. */
export interface CameraEnvironment {
  isSecureContext: boolean;
  navigator: { mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | undefined };
}

export interface CameraEvents {
  /** The state changed. */
  onState?(state: ScannerState): void;
  /** The scanner failed; the view shows the message of `code`. */
  onError?(code: ScannerErrorCode): void;
  /** The browser gave the camera's stream; its first frame is still loading. */
  onStream?(): void;
  /** The camera is ready: frames can be read. */
  onReady?(): void;
  /** The camera is about to stop: keep its last frame on screen (called while the frame is still there). */
  onFreeze?(): void;
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame can be drawn. */
const HAVE_CURRENT_DATA = 2;

export class CameraScanner {
  #state: ScannerState = 'stopped';
  #ready = false;
  #visible = false;
  #paused = false;
  #closed = false;
  #facingMode: ScannerConfig['facingMode'];
  #stream: MediaStream | null = null;
  /** Each start gets a number; a start whose number is no longer current gives up (it was stopped). */
  #run = 0;
  #timers = new Set<ReturnType<typeof setTimeout>>();
  /** Gives up waiting for the stream to load. */
  #abortLoad: (() => void) | null = null;
  readonly #video: CameraVideo;
  readonly #env: CameraEnvironment;
  readonly #events: CameraEvents;
  readonly #config: ScannerConfig;

  constructor(
    video: CameraVideo,
    env: CameraEnvironment,
    events: CameraEvents = {},
    config: ScannerConfig = SCANNER_DEFAULTS,
  ) {
    this.#video = video;
    this.#env = env;
    this.#events = events;
    this.#config = config;
    this.#facingMode = config.facingMode;
  }

  get state(): ScannerState {
    return this.#state;
  }

  /** True once the stream has loaded and settled: frames can be read. */
  get ready(): boolean {
    return this.#ready;
  }

  get facingMode(): ScannerConfig['facingMode'] {
    return this.#facingMode;
  }

  /** The scanner is on screen (true) or hidden: the tab went to the background, the page is left. */
  show(visible: boolean): void {
    this.#visible = visible;
    this.#sync();
  }

  /** Pauses (freezing the last frame) or resumes. */
  pause(paused: boolean): void {
    this.#paused = paused;
    this.#sync();
  }

  /** Switches between the back and the front camera: a running camera restarts with the new one. */
  setFacingMode(facingMode: ScannerConfig['facingMode']): void {
    if (facingMode === this.#facingMode) return;
    this.#facingMode = facingMode;
    if (this.#state === 'started') this.#stop(false);
    // A new camera deserves a new try, even after a failure.
    if (this.#state === 'failed') this.#setState('stopped');
    this.#sync();
  }

  /** After a failure: try again (if shown and not paused). */
  retry(): void {
    if (this.#state === 'failed') this.#setState('stopped');
    this.#sync();
  }

  /**
   * Fails from outside the camera (the decoder reading its frames): stops every track and reports `code`.
   * Only while the camera is ready: a read still under way when the camera stopped finds no frame and
   * fails, and that must not keep a shopper who comes back to the tab from getting the camera again.
   */
  fail(code: ScannerErrorCode): void {
    if (!this.#ready) return;
    this.#fail(code, this.#run);
  }

  /** Stops for good: every track ends, the last frame stays. Nothing restarts it. */
  close(): void {
    this.#closed = true;
    this.#stop(true);
  }

  #sync(): void {
    const wanted = this.#visible && !this.#paused && !this.#closed;
    if (wanted && this.#state === 'stopped') void this.#start();
    else if (!wanted && this.#state === 'started') this.#stop(true);
  }

  async #start(): Promise<void> {
    const run = ++this.#run;
    if (!this.#env.isSecureContext) return this.#fail('insecure-context', run);
    const media = this.#env.navigator.mediaDevices;
    if (typeof media?.getUserMedia !== 'function') return this.#fail('no-stream-api', run);
    this.#setState('started');
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia(cameraConstraints(this.#facingMode));
    } catch (error) {
      return this.#fail(mediaErrorCode(error), run);
    }
    if (run !== this.#run) {
      // Stopped while the browser was asking: this stream is nobody's, end it at once.
      stopTracks(stream);
      return;
    }
    this.#stream = stream;
    this.#video.srcObject = stream;
    this.#events.onStream?.();
    const loaded = await this.#loaded(run);
    if (run !== this.#run) return;
    if (!loaded) return this.#fail('stream-timeout', run);
    this.#video.play().catch(() => {
      // A muted inline video plays without a gesture; if a browser still refuses, the frame stays readable.
    });
    this.#later(this.#config.readyDelayMs, () => {
      if (run !== this.#run) return;
      this.#ready = true;
      this.#events.onReady?.();
    });
  }

  /** True when the stream's first frame loads in time; false on the time-out or when stopped meanwhile. */
  #loaded(run: number): Promise<boolean> {
    if (this.#video.readyState >= HAVE_CURRENT_DATA) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onLoaded = () => finish(true);
      const timer = this.#later(this.#config.loadTimeoutMs, () => finish(false));
      const abort = () => finish(false);
      const finish = (loaded: boolean) => {
        this.#video.removeEventListener('loadeddata', onLoaded);
        clearTimeout(timer);
        this.#timers.delete(timer);
        if (this.#abortLoad === abort) this.#abortLoad = null;
        resolve(loaded && run === this.#run);
      };
      this.#abortLoad = abort;
      this.#video.addEventListener('loadeddata', onLoaded);
    });
  }

  #stop(freeze: boolean): void {
    this.#run++;
    this.#release(freeze);
    if (this.#state !== 'failed') this.#setState('stopped');
  }

  #fail(code: ScannerErrorCode, run: number): void {
    if (run !== this.#run || this.#state === 'failed') return;
    this.#run++;
    this.#release(true);
    this.#setState('failed');
    this.#events.onError?.(code);
  }

  /** Ends every track, keeping the last frame on screen when there is one. */
  #release(freeze: boolean): void {
    this.#abortLoad?.();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    if (this.#stream && freeze && this.#video.readyState >= HAVE_CURRENT_DATA) this.#events.onFreeze?.();
    if (this.#stream) stopTracks(this.#stream);
    this.#stream = null;
    this.#video.srcObject = null;
    this.#ready = false;
  }

  #later(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fn();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  #setState(state: ScannerState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.#events.onState?.(state);
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** The scanner's error for a getUserMedia rejection (DOMException names of the Media Capture spec). */
export function mediaErrorCode(error: unknown): ScannerErrorCode {
  // A rejection without one of these names (or without a name) is a camera that cannot be read.
  switch ((error as { name?: unknown } | null | undefined)?.name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'permission-denied';
    case 'SecurityError':
      return 'insecure-context';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'TypeError':
      return 'no-stream-api';
    default:
      return 'camera-busy';
  }
}
