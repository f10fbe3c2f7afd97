/**
 * The zxing decoder for a configuration beyond QR codes (@zxing/browser's multi-format reader over
 * @zxing/library): every format's reader, so its own chunk (123 KB gzip), loaded only by a scanner
 * configured for other formats and started without a native detector. It reads a canvas holding the
 * frame, on the main thread: no eval, no `new Function`, no worker.
 */
import { BrowserMultiFormatReader } from '@zxing/browser';
import {
  ChecksumException,
  DecodeHintType,
  FormatException,
  NotFoundException,
  BarcodeFormat as ZxingFormat,
} from '@zxing/library';
import { type CodeDecoder, isCanvas, type Point } from './frame.ts';
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
  const reader = new BrowserMultiFormatReader(hints);
  return {
    kind: 'zxing',
    needsCanvas: true,
    async detect(frame) {
      if (!isCanvas(frame)) throw new TypeError('zxing reads a canvas');
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
