/**
 * The code decoder: the browser's own BarcodeDetector where it reads every configured format, else
 * @zxing/browser, bundled with the site and loaded only when the scanner starts (no CDN, nothing fetched
 * from another origin, no eval and no worker).
 */
import { type CodeDecoder, type Frame, isSecurityError, type Point } from './frame.ts';
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
 * The decoder for the configured formats: native where possible, else zxing (loaded now). Rejects when
 * neither can be had (the zxing chunk failed to load, or no decoder reads any of the formats).
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

/** zxing, in the smallest chunk that reads the formats: the QR reader alone, or every reader. */
async function zxing(formats: readonly BarcodeFormat[]): Promise<CodeDecoder> {
  if (qrOnly(formats)) return (await import('./zxing-qr.ts')).zxingQrDecoder();
  return (await import('./zxing-decoder.ts')).zxingDecoder(formats);
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
