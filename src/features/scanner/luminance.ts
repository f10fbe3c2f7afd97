import type { FramePixels } from './frame.ts';

/** The grey level of each pixel of an RGBA image (ITU-R BT.601 weights in integers, as zxing computes them). */
export function luminances(image: FramePixels): Uint8ClampedArray {
  const { data } = image;
  const grey = new Uint8ClampedArray(image.width * image.height);
  for (let pixel = 0, offset = 0; pixel < grey.length; pixel++, offset += 4) {
    // (R + 2G + B) / 4, the weights of zxing's own canvas source; alpha is ignored (camera frames are opaque).
    grey[pixel] = ((data[offset] ?? 0) + 2 * (data[offset + 1] ?? 0) + (data[offset + 2] ?? 0)) >> 2;
  }
  return grey;
}
