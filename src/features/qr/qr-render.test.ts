import jsQR from 'jsqr';
import sharp from 'sharp';
import { QR_DISPLAY_PX, qrDataUrl } from './qr-render.ts';

describe('the QR drawing', () => {
  it('encodes urlForQrCode in a black-on-white SVG with a quiet zone, readable by a scanner', async () => {
    const url = `http://localhost:4321/api/store/qr/${'A1_-'.repeat(8)}`;
    const dataUrl = await qrDataUrl(url);
    expect(dataUrl).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    const svg = decodeURIComponent(dataUrl.slice(dataUrl.indexOf(',') + 1));
    expect(svg).toContain(`width="${QR_DISPLAY_PX}"`);
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThanOrEqual(240);
    const code = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      info.width,
      info.height,
    );
    expect(code?.data).toBe(url);
  });
});
