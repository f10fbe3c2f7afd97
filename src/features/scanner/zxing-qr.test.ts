import QRCode from 'qrcode';
import { luminances } from './luminance.ts';
import { zxingQrDecoder } from './zxing-qr.ts';

/** A canvas-like frame holding a QR code of `text` drawn at `scale` px per module, or a blank one. */
function frame(text: string | null, scale = 6) {
  const qr = text === null ? null : QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr ? qr.modules.size : 21;
  const size = (modules + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!qr?.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + 4) * scale + dy) * size + (x + 4) * scale + dx) * 4;
          data.fill(0, offset, offset + 3);
        }
      }
    }
  }
  const image = { data, width: size, height: size };
  return {
    width: size,
    height: size,
    getContext: () => ({ getImageData: () => image }),
  } as unknown as HTMLCanvasElement;
}

describe('the QR decoder (zxing)', () => {
  it('reads a product tag’s URL and the points that outline it', async () => {
    const [code, ...more] = await zxingQrDecoder().detect(
      frame('https://gift.example.jp/area/1/products/82/'),
    );
    expect(more).toEqual([]);
    expect(code?.text).toBe('https://gift.example.jp/area/1/products/82/');
    expect(code?.corners).toHaveLength(3);
  });

  it('finds nothing in a frame without a code', async () => {
    await expect(zxingQrDecoder().detect(frame(null))).resolves.toEqual([]);
  });

  it('lets a frame it may not read fail (another origin’s image)', async () => {
    const tainted = {
      width: 10,
      height: 10,
      getContext: () => ({
        getImageData: () => {
          throw Object.assign(new Error('The canvas has been tainted'), { name: 'SecurityError' });
        },
      }),
    } as unknown as HTMLCanvasElement;
    await expect(zxingQrDecoder().detect(tainted)).rejects.toMatchObject({ name: 'SecurityError' });
  });
});

describe('grey levels', () => {
  it('weigh green twice as red and blue', () => {
    const data = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 255, 255, 255, 255]);
    expect([...luminances({ data, width: 3, height: 1 })]).toEqual([63, 127, 255]);
  });
});
