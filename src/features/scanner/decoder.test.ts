import { loadDecoder } from './decoder.ts';
import type { Frame } from './frame.ts';
import { canvasOf, InProcessWorker, qrPixels } from './test-support.ts';

/** A browser's BarcodeDetector that knows `supported` and answers `detect` with `answer`. */
function nativeDetector(supported: string[], answer: () => Promise<unknown[]>) {
  const made: { formats: string[] }[] = [];
  class BarcodeDetector {
    static getSupportedFormats = async () => supported;
    constructor(options: { formats: string[] }) {
      made.push(options);
    }
    detect = answer;
  }
  vi.stubGlobal('BarcodeDetector', BarcodeDetector);
  return made;
}

const video = {} as Frame;

beforeEach(() => {
  // The page's zxing runs in a module worker: here, the real worker file in this thread.
  vi.stubGlobal('Worker', InProcessWorker);
  InProcessWorker.started = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('choosing the decoder', () => {
  it('uses the browser’s own detector when it reads every configured format', async () => {
    const made = nativeDetector(['qr_code', 'ean_13'], async () => [
      { rawValue: 'https://gift.example.jp/area/1/products/2/', cornerPoints: [{ x: 1, y: 2 }] },
    ]);
    const decoder = await loadDecoder(['QRCode']);
    expect(decoder.kind).toBe('native');
    expect(decoder.needsCanvas).toBe(false);
    expect(made).toEqual([{ formats: ['qr_code'] }]);
    await expect(decoder.detect(video)).resolves.toEqual([
      { text: 'https://gift.example.jp/area/1/products/2/', corners: [{ x: 1, y: 2 }] },
    ]);
  });

  it('uses zxing’s QR reader in a worker when the browser has no detector', async () => {
    const decoder = await loadDecoder(['QRCode']);
    expect(decoder.kind).toBe('zxing');
    expect(decoder.needsCanvas).toBe(true);
    expect(InProcessWorker.started).toEqual(['zxing-qr-worker.ts']);
    const [code] = await decoder.detect(canvasOf(qrPixels('https://gift.example.jp/area/1/products/2/')));
    expect(code?.text).toBe('https://gift.example.jp/area/1/products/2/');
  });

  it('uses zxing’s every-format reader in a worker for a configuration beyond QR codes', async () => {
    const decoder = await loadDecoder(['QRCode', 'EAN-13']);
    expect(decoder.kind).toBe('zxing');
    expect(InProcessWorker.started).toEqual(['zxing-worker.ts']);
    const [code] = await decoder.detect(canvasOf(qrPixels('https://gift.example.jp/area/1/products/2/')));
    expect(code?.text).toBe('https://gift.example.jp/area/1/products/2/');
  });

  it('rejects when the worker cannot be loaded', async () => {
    class BrokenWorker extends EventTarget {
      constructor() {
        super();
        setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })));
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', BrokenWorker);
    await expect(loadDecoder(['QRCode'])).rejects.toThrow('the decode worker failed');
  });

  it('uses zxing when the browser’s detector lacks a configured format', async () => {
    const made = nativeDetector(['qr_code'], async () => []);
    const decoder = await loadDecoder(['QRCode', 'DataBar']);
    expect(decoder.kind).toBe('zxing');
    expect(made).toEqual([]);
  });

  it('hands over to zxing for good when the detection service fails at its first use', async () => {
    nativeDetector(['qr_code'], async () => {
      throw Object.assign(new Error('Barcode detection service unavailable.'), { name: 'NotSupportedError' });
    });
    const decoder = await loadDecoder(['QRCode']);
    await expect(decoder.detect(video)).resolves.toEqual([]);
    expect(decoder.kind).toBe('zxing');
    expect(decoder.needsCanvas).toBe(true);
  });

  it('lets a failure after the detector has worked through (the view reports it)', async () => {
    let calls = 0;
    nativeDetector(['qr_code'], async () => {
      calls++;
      if (calls > 1) throw new Error('Barcode detection service unavailable.');
      return [];
    });
    const decoder = await loadDecoder(['QRCode']);
    await decoder.detect(video);
    await expect(decoder.detect(video)).rejects.toThrow('service unavailable');
  });

  it('refuses a configuration no decoder reads', async () => {
    await expect(loadDecoder(['MaxiCode'])).rejects.toThrow('no decoder reads MaxiCode');
  });
});
