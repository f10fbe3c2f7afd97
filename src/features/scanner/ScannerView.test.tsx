// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { leaveChat } from '../../../tests/fixtures/mode.ts';
import { localeStrings } from '../../i18n/build-time.ts';
import { enterChat } from '../../lib/mode.ts';
import { ScannerView } from './ScannerView.tsx';
import { scannerIcons } from './scanner-icons.ts';
import { scannerMessages } from './scanner-messages.ts';

/** What the fake decoder reads in every frame. */
let scanned = '';
/** How often the view loaded the decoder. */
const decoderLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./decoder.ts', () => ({
  loadDecoder: async () => {
    decoderLoads.count += 1;
    return {
      kind: 'native',
      needsCanvas: false,
      // Like a real decoder, it cannot read a video with no frame; an empty frame holds no code.
      detect: async (frame: HTMLVideoElement) => {
        if (frame.readyState < 2) throw new DOMException('The video has no frame', 'InvalidStateError');
        return scanned === '' ? [] : [{ text: scanned, corners: [] }];
      },
    };
  },
}));

const messages = scannerMessages((key) => localeStrings('ja')[key] ?? key);
const SITE = 'https://gift.example.jp';
const tracks: { readyState: string; stop(): void }[] = [];

const srcObject = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');
const streams = new WeakMap<object, unknown>();

/** A camera that gives a stream of one live track. */
function stubCamera() {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      enumerateDevices: async () => [{ kind: 'videoinput' }],
      getUserMedia: async () => {
        const track = {
          readyState: 'live',
          stop() {
            this.readyState = 'ended';
          },
        };
        tracks.push(track);
        return { getTracks: () => [track] };
      },
    },
  });
}

beforeEach(() => {
  tracks.length = 0;
  // The DOM library takes only its own MediaStream class; the fake streams stand in for the camera's.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    get() {
      return streams.get(this) ?? null;
    },
    set(value: unknown) {
      streams.set(this, value);
    },
  });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  stubCamera();
  // A product page of the site: area 1, product 2, brand 5.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/area/1/products/2/_payload.json'
        ? Response.json({ kind: 'product', areaId: 1, product: { id: 2, tenant: { id: 5 } } })
        : new Response('', { status: 404 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  leaveChat();
  vi.unstubAllGlobals();
  if (srcObject) Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', srcObject);
});

/** Mounts the view and lets the camera's first frame load. */
async function mount(props: Partial<Parameters<typeof ScannerView>[0]> = {}) {
  const onOpen = vi.fn();
  const onClose = vi.fn();
  const { container } = render(
    <ScannerView
      messages={messages}
      icons={scannerIcons()}
      origins={[SITE]}
      closeHref="/"
      productListHref="/area/"
      onOpen={onOpen}
      onClose={onClose}
      {...props}
    />,
  );
  const video = container.querySelector('video') as HTMLVideoElement;
  await waitFor(() => expect(tracks).toHaveLength(1));
  Object.defineProperty(video, 'readyState', { value: 4, configurable: true });
  video.play = async () => {};
  video.dispatchEvent(new Event('loadeddata'));
  return { onOpen, onClose };
}

describe('the scanner view', () => {
  // First in this file: the view keeps the decoder it loaded for the rest of the page's life.
  it('loads the code decoder only once the camera gives a stream', async () => {
    const refuse = async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { value: refuse, configurable: true });
    render(
      <ScannerView
        messages={messages}
        icons={scannerIcons()}
        origins={[SITE]}
        closeHref="/"
        productListHref="/area/"
      />,
    );
    await screen.findByRole('alert');
    expect(decoderLoads.count).toBe(0);
    cleanup();

    stubCamera();
    await mount();
    await waitFor(() => expect(decoderLoads.count).toBe(1));
  });

  it('opens a scanned product in chat mode in the visitor’s language', async () => {
    scanned = `${SITE}/area/1/products/2/`;
    enterChat('ko');
    const { onOpen } = await mount();
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('/chat/brands/5/?product=2&lang=ko'));
    expect(tracks.map((track) => track.readyState)).toEqual(['ended']);
    expect(screen.getByRole('status').textContent).toBe(messages.found);
  });

  it('opens a scanned product on its canonical page in the web catalogue', async () => {
    scanned = `${SITE}/area?id=1&product=2`;
    const { onOpen } = await mount();
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('/area/1/products/2/'));
  });

  it('refuses another site’s address, naming its host as text, and opens nothing', async () => {
    scanned = 'https://evil.example.com/"><img/src=x/onerror=alert(1)>';
    const { onOpen } = await mount();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('読み取ったのは別のサイト（evil.example.com）のアドレスです。');
    expect(alert.querySelector('img')).toBeNull();
    expect(onOpen).not.toHaveBeenCalled();
    // The camera is paused on the frame that was read.
    expect(tracks.map((track) => track.readyState)).toEqual(['ended']);
  });

  it('reports its error event and shows the message', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const onError = vi.fn();
    render(
      <ScannerView
        messages={messages}
        icons={scannerIcons()}
        origins={[SITE]}
        closeHref="/"
        productListHref="/area/"
        onError={onError}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages['error.insecure-context']);
    expect(onError).toHaveBeenCalledWith('insecure-context');
  });

  it('skips reading while the video has no frame, and reads again when one comes', async () => {
    scanned = '';
    const { onOpen } = await mount();
    const video = document.querySelector('video') as HTMLVideoElement;
    // The stream stalls: no frame to read. Reads go on without failing.
    Object.defineProperty(video, 'readyState', { value: 0, configurable: true });
    scanned = `${SITE}/area/1/products/2/`;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onOpen).not.toHaveBeenCalled();
    Object.defineProperty(video, 'readyState', { value: 4, configurable: true });
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('/area/1/products/2/'));
  });

  it('pausing shows the frozen frame and says so; resuming starts the camera again', async () => {
    scanned = '';
    await mount();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.hint), {
      timeout: 3_000,
    });
    fireEvent.click(screen.getByRole('button', { name: messages.pause }));
    expect(screen.getByRole('status').textContent).toBe(messages.paused);
    expect(document.querySelector('[data-scanner-frozen]')?.getAttribute('data-scanner-frozen')).toBe('true');
    expect(tracks.map((track) => track.readyState)).toEqual(['ended']);
    fireEvent.click(screen.getByRole('button', { name: messages.resume, pressed: true }));
    await waitFor(() => expect(tracks.map((track) => track.readyState)).toEqual(['ended', 'live']));
  });

  it('closing stops every track before the host takes over', async () => {
    scanned = '';
    const { onClose } = await mount();
    fireEvent.click(screen.getByRole('link', { name: messages.close }));
    expect(tracks.map((track) => track.readyState)).toEqual(['ended']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
