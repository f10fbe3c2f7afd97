/**
 * The reader for a configuration beyond QR codes: @zxing/library's multi-format reader, every format's
 * reader, so its own worker (zxing-worker.ts), started only by a scanner configured for other formats and
 * started without a native detector. It reads a frame's pixels: no eval, no `new Function`.
 */
import {
  BinaryBitmap,
  ChecksumException,
  DecodeHintType,
  FormatException,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
  BarcodeFormat as ZxingFormat,
} from '@zxing/library';
import type { DetectedCode, FramePixels, Point } from './frame.ts';
import { luminances } from './luminance.ts';
import { type BarcodeFormat, type ZxingReadable, zxingReads } from './scanner-config.ts';

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
  return (image) => {
    const source = new RGBLuminanceSource(luminances(image), image.width, image.height);
    try {
      const result = reader.decodeWithState(new BinaryBitmap(new HybridBinarizer(source)));
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
  };
}
