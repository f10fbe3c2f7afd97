import ChecksumException from '@zxing/library/esm/core/ChecksumException';
import NotFoundException from '@zxing/library/esm/core/NotFoundException';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import { qrPixels } from './test-support.ts';
import { readFrame } from './zxing-read.ts';

describe('a frame through a zxing reader', () => {
  it('gives the code and the corners asked for', () => {
    const reader = new QRCodeReader();
    const [code] = readFrame(qrPixels('https://example.jp/qr/AB12'), (bitmap) => reader.decode(bitmap), 3);
    expect(code?.text).toBe('https://example.jp/qr/AB12');
    expect(code?.corners).toHaveLength(3);
  });

  it('gives no code when the frame has none or one too blurred to read', () => {
    for (const failure of [new NotFoundException(), new ChecksumException()]) {
      expect(
        readFrame(qrPixels(null), () => {
          throw failure;
        }),
      ).toEqual([]);
    }
  });

  it('throws any other failure', () => {
    expect(() =>
      readFrame(qrPixels(null), () => {
        throw new TypeError('reader broke');
      }),
    ).toThrow('reader broke');
  });
});
