import { luminances } from './luminance.ts';
import { qrPixels } from './test-support.ts';
import { multiFormatReader } from './zxing-decoder.ts';
import { qrReader } from './zxing-qr.ts';

describe('the QR reader (zxing)', () => {
  it('reads a product tag’s URL and the points that outline it', () => {
    const [code, ...more] = qrReader()(qrPixels('https://gift.example.jp/area/1/products/82/'));
    expect(more).toEqual([]);
    expect(code?.text).toBe('https://gift.example.jp/area/1/products/82/');
    expect(code?.corners).toHaveLength(3);
  });

  it('finds nothing in a frame without a code', () => {
    expect(qrReader()(qrPixels(null))).toEqual([]);
  });
});

describe('the every-format reader (zxing)', () => {
  it('reads a QR code when configured beyond QR codes', () => {
    const [code] = multiFormatReader(['QRCode', 'EAN-13'])(
      qrPixels('https://gift.example.jp/area/1/products/82/'),
    );
    expect(code?.text).toBe('https://gift.example.jp/area/1/products/82/');
  });

  it('finds nothing in a frame without a code', () => {
    expect(multiFormatReader(['QRCode', 'EAN-13'])(qrPixels(null))).toEqual([]);
  });

  it('refuses a configuration it reads none of', () => {
    expect(() => multiFormatReader(['MaxiCode'])).toThrow('no decoder reads MaxiCode');
  });
});

describe('grey levels', () => {
  it('weigh green twice as red and blue', () => {
    const data = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 255, 255, 255, 255]);
    expect([...luminances({ data, width: 3, height: 1 })]).toEqual([63, 127, 255]);
  });
});
