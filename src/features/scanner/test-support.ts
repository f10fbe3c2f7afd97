/**
 * For the scanner's unit tests: frames holding a QR code, and a `Worker` that runs its module in the test's
 * own thread, so the decoder's real worker files are tested as the page starts them.
 */
import QRCode from 'qrcode';
import type { FramePixels } from './frame.ts';

/** The pixels of a frame holding a QR code of `text` drawn at `scale` px per module, or a blank one. */
export function qrPixels(text: string | null, scale = 6): FramePixels {
  const qr = text === null ? null : QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr ? qr.modules.size : 21;
  const size = (modules + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!qr?.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + 4) * scale + dy) * size + (x + 4) * scale + dx) * 4;
          data.fill(0, offset, offset + 3);
        }
      }
    }
  }
  return { data, width: size, height: size };
}

/** A canvas-like frame whose 2D context gives `pixels` (a fresh copy each time, as a canvas does). */
export function canvasOf(pixels: FramePixels): HTMLCanvasElement {
  return {
    width: pixels.width,
    height: pixels.height,
    getContext: () => ({ getImageData: () => ({ ...pixels, data: pixels.data.slice() }) }),
  } as unknown as HTMLCanvasElement;
}

let instances = 0;

/**
 * A module worker run in this thread: its module is evaluated afresh with `self` as one end of a message
 * channel, the worker object holding the other. A module that fails to load fires `error`, as a worker does.
 */
export class InProcessWorker extends EventTarget {
  static started: string[] = [];
  readonly #port: MessagePort;

  constructor(url: URL) {
    super();
    InProcessWorker.started.push(url.pathname.split('/').pop() ?? '');
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    port1.addEventListener('message', (event) =>
      this.dispatchEvent(new MessageEvent('message', { data: event.data })),
    );
    const self = (globalThis as { self?: unknown }).self;
    (globalThis as { self?: unknown }).self = port2;
    import(/* @vite-ignore */ `${url.href}?instance=${++instances}`)
      .catch(() => this.dispatchEvent(new Event('error', { cancelable: true })))
      .finally(() => {
        (globalThis as { self?: unknown }).self = self;
      });
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.#port.postMessage(message, transfer as never);
  }

  terminate(): void {
    this.#port.close();
  }
}
