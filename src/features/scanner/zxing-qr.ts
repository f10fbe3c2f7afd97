/**
 * The default reader: QR codes only, with zxing's QR reader imported from its own module of
 * @zxing/library. Importing the library's entry pulls every format's reader in; the QR reader alone is a
 * fraction of that. It reads a frame's pixels, in the decode worker (zxing-qr-worker.ts): no eval, no
 * `new Function`.
 */
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import ChecksumException from '@zxing/library/esm/core/ChecksumException';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import FormatException from '@zxing/library/esm/core/FormatException';
import NotFoundException from '@zxing/library/esm/core/NotFoundException';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import type { DetectedCode, FramePixels, Point } from './frame.ts';
import { luminances } from './luminance.ts';

/** Reads the QR code in a frame's pixels: none, or one with its three finder patterns as its corners. */
export function qrReader(): (image: FramePixels) => DetectedCode[] {
  const reader = new QRCodeReader();
  return (image) => {
    const source = new RGBLuminanceSource(luminances(image), image.width, image.height);
    try {
      const result = reader.decode(new BinaryBitmap(new HybridBinarizer(source)));
      // The three finder patterns (a fourth point, the alignment pattern, is inside the code).
      const corners: Point[] = result
        .getResultPoints()
        .slice(0, 3)
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
