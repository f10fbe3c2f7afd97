import { leaveChat } from '../../../tests/fixtures/mode.ts';
import { enterChat } from '../../lib/mode.ts';
import type { CodeDecoder, DetectedCode, Frame } from './frame.ts';
import {
  $scanner,
  closeScanner,
  type ScannerSeams,
  type ScannerWindow,
  scanAgain,
  startScanner,
  switchCamera,
  togglePause,
} from './scanner-store.ts';

const SITE = 'https://gift.example.jp';
const PRODUCT = `${SITE}/area/1/products/2/`;

/** A camera track that records whether it was stopped. */
class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  stop() {
    this.readyState = 'ended';
  }
}

/** A <video> whose stream's first frame loads when the test says so. */
class FakeVideo extends EventTarget {
  srcObject: unknown = null;
  readyState = 0;
  videoWidth = 640;
  videoHeight = 480;
  play = async () => {};
  load() {
    this.readyState = 4;
    this.dispatchEvent(new Event('loadeddata'));
  }
}

/** A canvas that records what was drawn into it. */
function fakeCanvas() {
  const drawn: unknown[] = [];
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage: (image: unknown) => drawn.push(image) }),
  };
  return { canvas, drawn, element: canvas as unknown as HTMLCanvasElement };
}

/** The page: its visibility, its camera (one or two), its events, its work canvas. */
function fakeWindow(options: { cameras?: number; refuse?: string | undefined; secure?: boolean } = {}) {
  const tracks: FakeTrack[] = [];
  const asked: MediaStreamConstraints[] = [];
  const work = fakeCanvas();
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    createElement: () => work.element,
  });
  const page = Object.assign(new EventTarget(), {
    isSecureContext: options.secure ?? true,
    location: { origin: SITE, assign: vi.fn() },
    document,
    navigator: {
      mediaDevices: {
        getUserMedia: async (constraints?: MediaStreamConstraints) => {
          asked.push(constraints ?? {});
          if (options.refuse) throw new DOMException('refused', options.refuse);
          const track = new FakeTrack();
          tracks.push(track);
          return { getTracks: () => [track] } as unknown as MediaStream;
        },
        enumerateDevices: async () =>
          Array.from({ length: options.cameras ?? 1 }, () => ({ kind: 'videoinput' }) as MediaDeviceInfo),
      },
    },
  }) satisfies ScannerWindow;
  const states = () => tracks.map((track) => track.readyState);
  const setVisible = (visible: boolean) => {
    document.visibilityState = visible ? 'visible' : 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  // The page's listeners, by event type, as the scanner adds and removes them.
  const listeners = new Map<string, unknown>();
  for (const target of [document, page]) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null) => {
      listeners.set(type, listener);
      add(type, listener);
    };
    target.removeEventListener = (type: string, listener: EventListenerOrEventListenerObject | null) => {
      if (listeners.get(type) === listener) listeners.delete(type);
      remove(type, listener);
    };
  }
  const listening = () => [...listeners.keys()];
  return { page, work, tracks, asked, states, setVisible, listening };
}

/** A decoder that reads `scanned.text` in every frame it is given (nothing while the text is empty). */
function fakeDecoder(needsCanvas = false) {
  const frames: Frame[] = [];
  const scanned = { text: '', corners: [] as DetectedCode['corners'], fail: undefined as unknown };
  const decoder: CodeDecoder = {
    kind: needsCanvas ? 'zxing' : 'native',
    needsCanvas,
    detect: async (frame) => {
      frames.push(frame);
      if (scanned.fail) throw scanned.fail;
      return scanned.text === '' ? [] : [{ text: scanned.text, corners: scanned.corners }];
    },
  };
  return { decoder, frames, scanned };
}

/** The site's payload files: product 2 of area 1 (brand 5) exists. */
function servePayloads() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/area/1/products/2/_payload.json'
        ? Response.json({ kind: 'product', buildId: 'b', areaId: 1, product: { id: 2, tenant: { id: 5 } } })
        : new Response('', { status: 404 }),
    ),
  );
}

/** Lets promises settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

let stop: (() => void) | undefined;

/** Starts the scanner on a fake page; `ready()` lets the camera's first frame load and settle. */
function start(
  options: Parameters<typeof fakeWindow>[0] & { needsCanvas?: boolean; seams?: Partial<ScannerSeams> } = {},
) {
  const page = fakeWindow(options);
  const video = new FakeVideo();
  const still = fakeCanvas();
  const { decoder, frames, scanned } = fakeDecoder(options.needsCanvas);
  const loadDecoder = vi.fn(async () => decoder);
  const onOpen = vi.fn();
  const onError = vi.fn();
  stop = startScanner({
    video: video as unknown as HTMLVideoElement,
    still: still.element,
    origins: [SITE],
    window: page.page,
    loadDecoder,
    onOpen,
    onError,
    ...options.seams,
  });
  const ready = async () => {
    await settle();
    video.load();
    await vi.advanceTimersByTimeAsync(500);
  };
  return { ...page, video, still, frames, scanned, loadDecoder, onOpen, onError, ready };
}

beforeEach(() => {
  vi.useFakeTimers();
  servePayloads();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  leaveChat();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the scanner’s store', () => {
  it('asks for the back camera as it starts on a visible page, and is ready once its first frame settles', async () => {
    const scanner = start();
    await settle();
    expect(scanner.asked).toEqual([{ audio: false, video: { facingMode: { ideal: 'environment' } } }]);
    expect($scanner.get()).toMatchObject({ camera: 'started', ready: false });
    await scanner.ready();
    expect($scanner.get()).toMatchObject({ camera: 'started', ready: true, frozen: false, found: null });
  });

  it('loads the code decoder only once the camera gives a stream', async () => {
    const refused = start({ refuse: 'NotAllowedError' });
    await settle();
    expect($scanner.get().error).toBe('permission-denied');
    expect(refused.onError).toHaveBeenCalledWith('permission-denied');
    expect(refused.loadDecoder).not.toHaveBeenCalled();
    stop?.();

    const granted = start();
    await settle();
    expect(granted.loadDecoder).toHaveBeenCalledTimes(1);
  });

  it('says why a page without security gets no camera, without asking for one', async () => {
    const scanner = start({ secure: false });
    await settle();
    expect($scanner.get()).toMatchObject({ camera: 'failed', error: 'insecure-context' });
    expect(scanner.asked).toEqual([]);
  });

  it('opens a scanned product on its canonical page, outlining the code on the frozen frame', async () => {
    // No opener given: the page loads the product.
    const scanner = start({ seams: { onOpen: undefined } });
    await scanner.ready();
    scanner.scanned.corners = [
      { x: 10, y: 110 },
      { x: 10, y: 10 },
      { x: 110, y: 10 },
    ];
    scanner.scanned.text = `${SITE}/area?id=1&product=2`;
    await vi.advanceTimersByTimeAsync(500);
    expect(scanner.page.location.assign).toHaveBeenCalledWith('/area/1/products/2/');
    expect($scanner.get()).toMatchObject({
      result: { kind: 'found' },
      frozen: true,
      ready: false,
      found: {
        points: [
          { x: 10, y: 10 },
          { x: 110, y: 10 },
          { x: 110, y: 110 },
          { x: 10, y: 110 },
        ],
        width: 640,
        height: 480,
      },
    });
    expect(scanner.still.drawn).toEqual([scanner.video]);
    expect(scanner.states()).toEqual(['ended']);
  });

  it('opens a scanned product in chat mode in the visitor’s language', async () => {
    enterChat('ko');
    const scanner = start();
    await scanner.ready();
    scanner.scanned.text = PRODUCT;
    await vi.advanceTimersByTimeAsync(500);
    expect(scanner.onOpen).toHaveBeenCalledWith('/chat/brands/5/?product=2&lang=ko');
  });

  it('refuses another site’s address and stays on the frame read; scanning again restarts the camera', async () => {
    const scanner = start();
    await scanner.ready();
    scanner.scanned.text = 'https://evil.example.com/"><img/src=x/onerror=alert(1)>';
    await vi.advanceTimersByTimeAsync(500);
    expect($scanner.get().result).toEqual({
      kind: 'refused',
      reason: 'other-site',
      shown: 'evil.example.com',
    });
    expect(scanner.onOpen).not.toHaveBeenCalled();
    expect(scanner.states()).toEqual(['ended']);
    const reads = scanner.frames.length;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(scanner.frames).toHaveLength(reads);

    scanner.scanned.text = '';
    scanAgain();
    await scanner.ready();
    expect($scanner.get()).toMatchObject({
      result: { kind: 'none' },
      found: null,
      frozen: false,
      ready: true,
    });
    expect(scanner.states()).toEqual(['ended', 'live']);
    await vi.advanceTimersByTimeAsync(500);
    expect(scanner.frames.length).toBeGreaterThan(reads);
  });

  it('says the check failed when the site cannot be reached, and offers to scan again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const scanner = start();
    await scanner.ready();
    scanner.scanned.text = PRODUCT;
    await vi.advanceTimersByTimeAsync(500);
    expect($scanner.get().result).toEqual({ kind: 'check-failed' });
    expect(scanner.onOpen).not.toHaveBeenCalled();
  });

  it('skips reading while the video has no frame, and reads again when one comes', async () => {
    const scanner = start();
    await scanner.ready();
    scanner.video.readyState = 0;
    const reads = scanner.frames.length;
    scanner.scanned.text = PRODUCT;
    await vi.advanceTimersByTimeAsync(1_500);
    expect(scanner.frames).toHaveLength(reads);
    expect($scanner.get().error).toBeNull();
    scanner.video.readyState = 4;
    await vi.advanceTimersByTimeAsync(500);
    expect(scanner.onOpen).toHaveBeenCalledWith('/area/1/products/2/');
  });

  it('gives a decoder that reads canvases a copy of the frame, at the frame’s size', async () => {
    const scanner = start({ needsCanvas: true });
    await scanner.ready();
    expect(scanner.frames[0]).toBe(scanner.work.element);
    expect(scanner.work.canvas).toMatchObject({ width: 640, height: 480 });
    expect(scanner.work.drawn[0]).toBe(scanner.video);
  });

  it('fails with detection unavailable when no decoder loads, and with cross-origin on a frame it may not read', async () => {
    const unloaded = start({
      seams: { loadDecoder: () => Promise.reject(new Error('the worker did not load')) },
    });
    await unloaded.ready();
    expect($scanner.get()).toMatchObject({ camera: 'failed', error: 'detection-unavailable' });
    expect(unloaded.onError).toHaveBeenCalledWith('detection-unavailable');
    expect(unloaded.states()).toEqual(['ended']);
    stop?.();

    const tainted = start();
    tainted.scanned.fail = new DOMException('tainted', 'SecurityError');
    await tainted.ready();
    expect($scanner.get()).toMatchObject({ camera: 'failed', error: 'cross-origin' });
  });

  it('tries a failed camera again, clearing its message once it starts', async () => {
    const options: { refuse?: string | undefined } = { refuse: 'NotReadableError' };
    const scanner = start(options);
    await settle();
    expect($scanner.get()).toMatchObject({ camera: 'failed', error: 'camera-busy' });
    options.refuse = undefined;
    scanAgain();
    await settle();
    expect($scanner.get()).toMatchObject({ camera: 'started', error: null });
    expect(scanner.asked).toHaveLength(2);
  });

  it('pausing freezes the frame and stops the camera; resuming starts it again', async () => {
    const scanner = start();
    await scanner.ready();
    togglePause();
    expect($scanner.get()).toMatchObject({ paused: true, frozen: true, ready: false, camera: 'stopped' });
    expect(scanner.states()).toEqual(['ended']);
    togglePause();
    await scanner.ready();
    expect($scanner.get()).toMatchObject({ paused: false, frozen: false, ready: true, camera: 'started' });
    expect(scanner.states()).toEqual(['ended', 'live']);
  });

  it('offers the camera switch only on a device with two cameras, and switches to the front one', async () => {
    const single = start();
    await single.ready();
    expect($scanner.get().canSwitch).toBe(false);
    stop?.();

    const double = start({ cameras: 2 });
    await double.ready();
    expect($scanner.get().canSwitch).toBe(true);
    switchCamera();
    await settle();
    expect(double.asked.at(-1)).toEqual({ audio: false, video: { facingMode: { ideal: 'user' } } });
    expect(double.states()).toEqual(['ended', 'live']);
  });

  it('stops the camera while the tab is hidden or the page is left, and starts it again when it returns', async () => {
    const scanner = start();
    await scanner.ready();
    scanner.setVisible(false);
    expect(scanner.states()).toEqual(['ended']);
    scanner.setVisible(true);
    await settle();
    expect(scanner.states()).toEqual(['ended', 'live']);

    scanner.page.dispatchEvent(new Event('pagehide'));
    expect(scanner.states()).toEqual(['ended', 'ended']);
    // Back from the back-forward cache.
    scanner.page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await settle();
    expect(scanner.states()).toEqual(['ended', 'ended', 'live']);
  });

  it('reports every read’s codes to a track callback, reading every 40 ms', async () => {
    const onTrack = vi.fn();
    const scanner = start({ seams: { onTrack } });
    await scanner.ready();
    const reads = scanner.frames.length;
    await vi.advanceTimersByTimeAsync(400);
    expect(scanner.frames.length - reads).toBe(10);
    scanner.scanned.text = PRODUCT;
    await vi.advanceTimersByTimeAsync(40);
    expect(onTrack).toHaveBeenCalledWith([{ text: PRODUCT, corners: [] }]);
  });

  it('closing stops every track, and nothing starts the camera again', async () => {
    const scanner = start();
    await scanner.ready();
    closeScanner();
    expect(scanner.states()).toEqual(['ended']);
    scanner.setVisible(false);
    scanner.setVisible(true);
    scanAgain();
    await settle();
    expect(scanner.asked).toHaveLength(1);
  });

  it('stopping the scanner ends its camera, lets go of the page’s events and clears its screen', async () => {
    const scanner = start();
    await scanner.ready();
    expect(scanner.listening()).toEqual(['visibilitychange', 'pagehide', 'pageshow']);
    stop?.();
    stop = undefined;
    expect(scanner.states()).toEqual(['ended']);
    expect(scanner.listening()).toEqual([]);
    expect($scanner.get()).toMatchObject({ camera: 'stopped', ready: false, frozen: false, found: null });
  });
});
