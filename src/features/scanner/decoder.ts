/**
 * The code decoder: the browser's own BarcodeDetector where it reads every configured format, else zxing
 * in a module worker of this origin (frame-worker.ts), started only when the scanner's camera gives a
 * stream. No CDN, nothing fetched from another origin, no eval; and no `import()`, which would put Vite's
 * dynamic-import helper on the scanner's page.
 */
import { type CodeDecoder, type Frame, isSecurityError, type Point } from './frame.ts';
import { workerDecoder } from './frame-worker.ts';
import type { BarcodeFormat } from './scanner-config.ts';

/** The Barcode Detection API's names of the formats it knows. */
const NATIVE_FORMATS: Partial<Record<BarcodeFormat, string>> = {
  Aztec: 'aztec',
  Code128: 'code_128',
  Code39: 'code_39',
  Code93: 'code_93',
  Codabar: 'codabar',
  DataMatrix: 'data_matrix',
  'EAN-13': 'ean_13',
  'EAN-8': 'ean_8',
  ITF: 'itf',
  PDF417: 'pdf417',
  QRCode: 'qr_code',
  'UPC-A': 'upc_a',
  'UPC-E': 'upc_e',
};

/** The native formats for a configuration, or null when one of them has no native name. */
function nativeFormats(formats: readonly BarcodeFormat[]): string[] | null {
  const names = formats.map((format) => NATIVE_FORMATS[format]);
  return names.every((name): name is string => typeof name === 'string') ? names : null;
}

interface NativeDetector {
  detect(source: Frame): Promise<{ rawValue: string; cornerPoints: Point[] }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The native decoder, when this browser has one that reads every format asked for. */
async function nativeDecoder(formats: readonly BarcodeFormat[]): Promise<CodeDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  const wanted = nativeFormats(formats);
  if (!Detector || !wanted) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    if (!wanted.every((format) => supported.includes(format))) return null;
    const detector = new Detector({ formats: wanted });
    return {
      kind: 'native',
      needsCanvas: false,
      async detect(frame) {
        const found = await detector.detect(frame);
        return found.map((code) => ({ text: code.rawValue, corners: code.cornerPoints }));
      },
    };
  } catch {
    // A detector that cannot even list its formats (no detection service on this device): use zxing.
    return null;
  }
}

/**
 * The decoder for the configured formats: native where possible, else zxing (its worker started now).
 * Rejects when neither can be had (the worker failed to load, or no decoder reads any of the formats).
 */
export async function loadDecoder(formats: readonly BarcodeFormat[]): Promise<CodeDecoder> {
  const native = await nativeDecoder(formats);
  if (native) return withFallback(native, formats);
  return zxing(formats);
}

/** True for the default configuration: QR codes and nothing else. */
function qrOnly(formats: readonly BarcodeFormat[]): boolean {
  return formats.length > 0 && formats.every((format) => format === 'QRCode');
}

/**
 * zxing, in the smallest worker that reads the formats: the QR reader alone, or every reader. Each worker
 * is written out in full, as the bundler finds a worker of its own: `new Worker(new URL(…))`.
 */
async function zxing(formats: readonly BarcodeFormat[]): Promise<CodeDecoder> {
  const worker = qrOnly(formats)
    ? new Worker(new URL('./zxing-qr-worker.ts', import.meta.url), { type: 'module' })
    : new Worker(new URL('./zxing-worker.ts', import.meta.url), { type: 'module' });
  return workerDecoder(worker, formats);
}

/** A native decoder whose service fails at its first use hands over to zxing for good. */
function withFallback(native: CodeDecoder, formats: readonly BarcodeFormat[]): CodeDecoder {
  let current: CodeDecoder = native;
  let tried = false;
  const decoder: CodeDecoder = {
    kind: 'native',
    needsCanvas: false,
    async detect(frame) {
      try {
        const codes = await current.detect(frame);
        tried = true;
        return codes;
      } catch (error) {
        if (tried || current !== native || isSecurityError(error)) throw error;
        current = await zxing(formats);
        decoder.kind = 'zxing';
        decoder.needsCanvas = true;
        return [];
      }
    },
  };
  return decoder;
}
