/** What a decoder reads (a frame) and what it finds in it (codes, with the points that outline them). */

/** A point in the frame's pixels. */
export interface Point {
  x: number;
  y: number;
}

/** A code found in a frame: its text and the points that outline it. */
export interface DetectedCode {
  text: string;
  corners: Point[];
}

/** A frame's pixels, RGBA row by row (an ImageData, or anything shaped like one). */
export interface FramePixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** What a frame is read from: the video itself (native detector) or a canvas holding the frame. */
export type Frame = HTMLVideoElement | HTMLCanvasElement;

export interface CodeDecoder {
  kind: 'native' | 'zxing';
  /** True when the decoder reads from a canvas copy of the frame (zxing), false when it reads the video. */
  needsCanvas: boolean;
  /** The codes in a frame (none is an empty list). A frame from another origin throws a SecurityError. */
  detect(frame: Frame): Promise<DetectedCode[]>;
}

/** A canvas frame (zxing reads canvases); a video has no 2D context. */
export function isCanvas(frame: Frame): frame is HTMLCanvasElement {
  return 'getContext' in frame && typeof frame.getContext === 'function';
}

/** A frame the page may not read (a canvas tainted by another origin's image). */
export function isSecurityError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'SecurityError'
  );
}
