/**
 * The default reader: QR codes only, with zxing's QR reader imported from its own module of
 * @zxing/library. Importing the library's entry pulls every format's reader in; the QR reader alone is a
 * fraction of that. It reads a frame's pixels, in the decode worker (zxing-qr-worker.ts): no eval, no
 * `new Function`.
 */
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import type { DetectedCode, FramePixels } from './frame.ts';
import { readFrame } from './zxing-read.ts';

/** Reads the QR code in a frame's pixels: none, or one with its three finder patterns as its corners. */
export function qrReader(): (image: FramePixels) => DetectedCode[] {
  const reader = new QRCodeReader();
  // The three finder patterns (a fourth point, the alignment pattern, is inside the code).
  return (image) => readFrame(image, (bitmap) => reader.decode(bitmap), 3);
}
