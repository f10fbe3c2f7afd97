/**
 * The reader for a configuration beyond QR codes: @zxing/library's multi-format reader, every format's
 * reader, so its own worker (zxing-worker.ts), started only by a scanner configured for other formats and
 * started without a native detector. It reads a frame's pixels: no eval, no `new Function`.
 */
import ZxingFormat from '@zxing/library/esm/core/BarcodeFormat';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import MultiFormatReader from '@zxing/library/esm/core/MultiFormatReader';
import type { DetectedCode, FramePixels } from './frame.ts';
import { type BarcodeFormat, type ZxingReadable, zxingReads } from './scanner-config.ts';
import { readFrame } from './zxing-read.ts';

/** zxing's name of each format it reads. */
const ZXING_FORMATS: Record<ZxingReadable, ZxingFormat[]> = {
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

/** A reader of the formats zxing reads among those configured; throws when it reads none. */
export function multiFormatReader(formats: readonly BarcodeFormat[]): (image: FramePixels) => DetectedCode[] {
  const readable = formats.filter(zxingReads).flatMap((format) => ZXING_FORMATS[format]);
  if (readable.length === 0) throw new Error(`no decoder reads ${formats.join(', ')}`);
  const reader = new MultiFormatReader();
  reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, readable]]));
  return (image) => readFrame(image, (bitmap) => reader.decodeWithState(bitmap));
}
