import { answerFrames, type FrameWorker, type FrameWorkerScope, workerDecoder } from './frame-worker.ts';
import { canvasOf, qrPixels } from './test-support.ts';
import { qrReader } from './zxing-qr.ts';

const URL_82 = 'https://gift.example.jp/area/1/products/82/';

/** A page and a worker answering with `readerFor`, joined by a message channel as a real worker is. */
function joined(readerFor: Parameters<typeof answerFrames>[1] = () => qrReader()) {
  const { port1, port2 } = new MessageChannel();
  answerFrames(port2 as unknown as FrameWorkerScope, readerFor);
  const sent: unknown[] = [];
  // Frames sent and not yet answered: now, and the most there ever were.
  const frames = { out: 0, most: 0 };
  const worker = Object.assign(new EventTarget(), {
    postMessage(message: object, transfer: Transferable[]) {
      sent.push(message);
      if ('image' in message) frames.most = Math.max(frames.most, ++frames.out);
      port1.postMessage(message, transfer as never);
    },
    terminate: vi.fn(() => port1.close()),
  });
  port1.addEventListener('message', (event) => {
    if ('codes' in event.data) frames.out--;
    worker.dispatchEvent(new MessageEvent('message', { data: event.data }));
  });
  return {
    worker: worker as unknown as FrameWorker & EventTarget,
    sent,
    frames,
    terminate: worker.terminate,
  };
}

describe('zxing in a worker', () => {
  it('reads a QR code the page hands over, and hands the pixels over rather than copying them', async () => {
    const { worker } = joined();
    const decoder = await workerDecoder(worker, ['QRCode']);
    expect(decoder).toMatchObject({ kind: 'zxing', needsCanvas: true });
    const image = qrPixels(URL_82);
    const canvas = {
      width: image.width,
      height: image.height,
      getContext: () => ({ getImageData: () => image }),
    };
    const [code] = await decoder.detect(canvas as unknown as HTMLCanvasElement);
    expect(code?.text).toBe(URL_82);
    expect(code?.corners).toHaveLength(3);
    expect(image.data.byteLength).toBe(0);
  });

  it('finds nothing in a frame without a code', async () => {
    const decoder = await workerDecoder(joined().worker, ['QRCode']);
    await expect(decoder.detect(canvasOf(qrPixels(null)))).resolves.toEqual([]);
  });

  it('sends one frame at a time, and answers each read with its own frame’s codes', async () => {
    const { worker, frames } = joined();
    const decoder = await workerDecoder(worker, ['QRCode']);
    const first = decoder.detect(canvasOf(qrPixels(URL_82)));
    const second = decoder.detect(canvasOf(qrPixels(null)));
    const third = decoder.detect(canvasOf(qrPixels('https://gift.example.jp/area/2/products/5/')));
    expect((await first).map((code) => code.text)).toEqual([URL_82]);
    expect(await second).toEqual([]);
    expect((await third).map((code) => code.text)).toEqual(['https://gift.example.jp/area/2/products/5/']);
    expect(frames.most).toBe(1);
  });

  it('lets a frame it may not read fail on the page (another origin’s image)', async () => {
    const { worker, sent } = joined();
    const decoder = await workerDecoder(worker, ['QRCode']);
    const tainted = {
      width: 10,
      height: 10,
      getContext: () => ({
        getImageData: () => {
          throw Object.assign(new Error('The canvas has been tainted'), { name: 'SecurityError' });
        },
      }),
    } as unknown as HTMLCanvasElement;
    await expect(decoder.detect(tainted)).rejects.toMatchObject({ name: 'SecurityError' });
    expect(sent).toEqual([{ formats: ['QRCode'] }]);
    // The next frame is read as usual.
    await expect(decoder.detect(canvasOf(qrPixels(null)))).resolves.toEqual([]);
  });

  it('passes a reader’s failure on as the read’s', async () => {
    const decoder = await workerDecoder(
      joined(() => () => {
        throw new Error('out of memory');
      }).worker,
      ['QRCode'],
    );
    await expect(decoder.detect(canvasOf(qrPixels(null)))).rejects.toThrow('out of memory');
  });

  it('rejects, and ends the worker, when the worker has no reader for the formats', async () => {
    const { worker, terminate } = joined(() => {
      throw new Error('no decoder reads MaxiCode');
    });
    await expect(workerDecoder(worker, ['MaxiCode'])).rejects.toThrow('no decoder reads MaxiCode');
    expect(terminate).toHaveBeenCalled();
  });

  it('rejects when the worker’s file fails to load, and fails every read after a later failure', async () => {
    const silent = Object.assign(new EventTarget(), { postMessage: () => {}, terminate: vi.fn() });
    const loading = workerDecoder(silent as unknown as FrameWorker, ['QRCode']);
    silent.dispatchEvent(new Event('error', { cancelable: true }));
    await expect(loading).rejects.toThrow('the decode worker failed');
    expect(silent.terminate).toHaveBeenCalled();

    const { worker } = joined();
    const decoder = await workerDecoder(worker, ['QRCode']);
    worker.dispatchEvent(new Event('error', { cancelable: true }));
    await expect(decoder.detect(canvasOf(qrPixels(null)))).rejects.toThrow('the decode worker failed');
  });
});
