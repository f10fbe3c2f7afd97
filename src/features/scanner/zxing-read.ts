/**
 * One frame through a zxing reader: its pixels as luminance, binarised, decoded; no code when the frame holds
 * none zxing can read. Shared by the QR reader (zxing-qr.ts) and the every-format reader (zxing-decoder.ts),
 * each in its own worker. zxing's modules are imported one by one from its ES build, so the QR worker takes no
 * other format's code, and both readers throw and catch the same classes.
 */
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import ChecksumException from '@zxing/library/esm/core/ChecksumException';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import FormatException from '@zxing/library/esm/core/FormatException';
import NotFoundException from '@zxing/library/esm/core/NotFoundException';
import type Result from '@zxing/library/esm/core/Result';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import type { DetectedCode, FramePixels, Point } from './frame.ts';
import { luminances } from './luminance.ts';

/**
 * The code `decode` finds in `image`, its first `corners` result points as the corners; none when the frame
 * has no code or one too blurred to read (the next frame is tried). Any other failure is thrown.
 */
export function readFrame(
  image: FramePixels,
  decode: (bitmap: BinaryBitmap) => Result,
  corners = Number.POSITIVE_INFINITY,
): DetectedCode[] {
  const source = new RGBLuminanceSource(luminances(image), image.width, image.height);
  try {
    const result = decode(new BinaryBitmap(new HybridBinarizer(source)));
    const points: Point[] = result
      .getResultPoints()
      .slice(0, corners)
      .map((point) => ({ x: point.getX(), y: point.getY() }));
    return [{ text: result.getText(), corners: points }];
  } catch (error) {
    if (
      error instanceof NotFoundException ||
      error instanceof ChecksumException ||
      error instanceof FormatException
    ) {
      return [];
    }
    throw error;
  }
}
