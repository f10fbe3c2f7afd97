/**
 * The default decoder: QR codes only, with zxing's QR reader imported from its own module of
 * @zxing/library (the engine under @zxing/browser). Importing @zxing/browser's entry pulls every format's
 * reader into the chunk (123 KB gzip); the QR reader alone is a fraction of that. Pure JavaScript on the
 * main thread: no eval, no `new Function`, no worker.
 */
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import ChecksumException from '@zxing/library/esm/core/ChecksumException';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import FormatException from '@zxing/library/esm/core/FormatException';
import NotFoundException from '@zxing/library/esm/core/NotFoundException';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import { type CodeDecoder, isCanvas, type Point } from './frame.ts';
import { luminances } from './luminance.ts';

export function zxingQrDecoder(): CodeDecoder {
  const reader = new QRCodeReader();
  return {
    kind: 'zxing',
    needsCanvas: true,
    async detect(frame) {
      if (!isCanvas(frame)) throw new TypeError('zxing reads a canvas');
      const context = frame.getContext('2d', { willReadFrequently: true });
      if (!context) return [];
      // getImageData throws a SecurityError on a canvas tainted by another origin's image.
      const image = context.getImageData(0, 0, frame.width, frame.height);
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
    },
  };
}
