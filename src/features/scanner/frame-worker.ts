/**
 * zxing in a module worker: the page copies a frame's pixels out of its canvas and hands them over (a
 * transfer, not a copy), the worker reads them and answers with the codes. Decoding, the heavy part, is
 * off the main thread, and the page's own code loads no zxing at all.
 *
 * The conversation: the page says which formats to read; the worker answers `ready` once it has a reader
 * for them (or an error). Then, one frame at a time: the page sends the pixels, the worker answers the
 * codes it found (or an error).
 */
import type { CodeDecoder, DetectedCode, FramePixels } from './frame.ts';
import { isCanvas } from './frame.ts';
import type { BarcodeFormat } from './scanner-config.ts';

/** What the page asks: a reader for these formats, then the codes in these pixels. */
type Question = { formats: readonly BarcodeFormat[] } | { image: FramePixels };

/** What the worker answers, in the order it was asked. */
type Answer = { ready: true } | { codes: DetectedCode[] } | { error: string };

/** The side of the worker the page talks to (a `Worker`). */
export interface FrameWorker {
  postMessage(message: Question, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Answer>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** The worker's own side (its global scope). */
export interface FrameWorkerScope {
  postMessage(message: Answer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Question>) => void): void;
}

/**
 * In the worker: answers the page with `readerFor`'s reader. A reader that cannot be made (no reader for
 * the formats) or that fails on a frame answers with the error's message.
 */
export function answerFrames(
  scope: FrameWorkerScope,
  readerFor: (formats: readonly BarcodeFormat[]) => (image: FramePixels) => DetectedCode[],
): void {
  let read: ((image: FramePixels) => DetectedCode[]) | undefined;
  scope.addEventListener('message', ({ data }) => {
    try {
      if ('formats' in data) {
        read = readerFor(data.formats);
        scope.postMessage({ ready: true });
      } else if (read) {
        scope.postMessage({ codes: read(data.image) });
      } else {
        scope.postMessage({ error: 'a frame came before the formats' });
      }
    } catch (error) {
      scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  });
}

/**
 * On the page: the decoder that reads through `worker`, once the worker has a reader for `formats`.
 * Rejects (and ends the worker) when it cannot have one: the worker's file did not load or run, or it
 * reads none of the formats. A worker that fails later fails every read from then on.
 */
export function workerDecoder(worker: FrameWorker, formats: readonly BarcodeFormat[]): Promise<CodeDecoder> {
  // The question waiting for its answer (the worker answers in order, and one is asked at a time).
  let waiting: { resolve(answer: Answer): void; reject(reason: Error): void } | undefined;
  let failed: Error | undefined;
  worker.addEventListener('message', ({ data }) => {
    const asker = waiting;
    waiting = undefined;
    if ('error' in data) asker?.reject(new Error(data.error));
    else asker?.resolve(data);
  });
  worker.addEventListener('error', (event) => {
    // The worker's file failed to load or to run: nothing it could answer would come.
    event.preventDefault();
    failed = new Error('the decode worker failed');
    waiting?.reject(failed);
    waiting = undefined;
  });
  const ask = (question: Question, transfer: Transferable[] = []) =>
    new Promise<Answer>((resolve, reject) => {
      if (failed) return reject(failed);
      waiting = { resolve, reject };
      worker.postMessage(question, transfer);
    });
  // Reads follow one another: the next frame is sent once the last has its answer.
  let last: Promise<unknown> = Promise.resolve();
  const decoder: CodeDecoder = {
    kind: 'zxing',
    needsCanvas: true,
    detect(frame) {
      const read = last.then(async () => {
        if (!isCanvas(frame)) throw new TypeError('zxing reads a canvas');
        const context = frame.getContext('2d', { willReadFrequently: true });
        if (!context) return [];
        // getImageData throws a SecurityError on a canvas tainted by another origin's image.
        const image = context.getImageData(0, 0, frame.width, frame.height);
        const answer = await ask({ image }, [image.data.buffer]);
        return 'codes' in answer ? answer.codes : [];
      });
      last = read.catch(() => undefined);
      return read;
    },
  };
  return ask({ formats }).then(
    () => decoder,
    (reason: unknown) => {
      worker.terminate();
      throw reason;
    },
  );
}
