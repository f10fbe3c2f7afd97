/**
 * The zxing decoder (@zxing/browser over @zxing/library): pure JavaScript, bundled by Vite into its own
 * chunk that loads only when a scanner starts without a native detector. It reads a canvas holding the
 * frame, on the main thread: no eval, no `new Function`, no worker.
 */
import { BrowserMultiFormatReader, BrowserQRCodeReader } from '@zxing/browser';
import {
  ChecksumException,
  DecodeHintType,
  FormatException,
  NotFoundException,
  BarcodeFormat as ZxingFormat,
} from '@zxing/library';
import type { CodeDecoder, Point } from './decoder.ts';
import type { BarcodeFormat } from './scanner-config.ts';

/** zxing's name of each format it reads (it has no MaxiCode reader). */
const ZXING_FORMATS: Partial<Record<BarcodeFormat, ZxingFormat[]>> = {
  Aztec: [ZxingFormat.AZTEC],
  Code128: [ZxingFormat.CODE_128],
  Code39: [ZxingFormat.CODE_39],
  Code93: [ZxingFormat.CODE_93],
  Codabar: [ZxingFormat.CODABAR],
  DataBar: [ZxingFormat.RSS_14, ZxingFormat.RSS_EXPANDED],
  DataMatrix: [ZxingFormat.DATA_MATRIX],
  'EAN-13': [ZxingFormat.EAN_13],
  'EAN-8': [ZxingFormat.EAN_8],
  ITF: [ZxingFormat.ITF],
  PDF417: [ZxingFormat.PDF_417],
  QRCode: [ZxingFormat.QR_CODE],
  'UPC-A': [ZxingFormat.UPC_A],
  'UPC-E': [ZxingFormat.UPC_E],
};

/** A zxing decoder for the formats it can read among those configured; throws when it reads none. */
export function zxingDecoder(formats: readonly BarcodeFormat[]): CodeDecoder {
  const readable = formats.flatMap((format) => ZXING_FORMATS[format] ?? []);
  if (readable.length === 0) throw new Error(`no decoder reads ${formats.join(', ')}`);
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, readable]]);
  const reader =
    readable.length === 1 && readable[0] === ZxingFormat.QR_CODE
      ? new BrowserQRCodeReader(hints)
      : new BrowserMultiFormatReader(hints);
  return {
    kind: 'zxing',
    needsCanvas: true,
    async detect(frame) {
      if (!(frame instanceof HTMLCanvasElement)) throw new TypeError('zxing reads a canvas');
      try {
        const result = reader.decodeFromCanvas(frame);
        const corners: Point[] = result
          .getResultPoints()
          .map((point) => ({ x: point.getX(), y: point.getY() }));
        return [{ text: result.getText(), corners }];
      } catch (error) {
        // No code in this frame, or one too blurred to read: try the next frame.
        if (
          error instanceof NotFoundException ||
          error instanceof ChecksumException ||
          error instanceof FormatException
        ) {
          return [];
        }
        throw error;
      }
    },
  };
}
