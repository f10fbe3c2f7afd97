/**
 * Drawing the QR of urlForQrCode with the qrcode package, which loads only on the QR page (dynamic import,
 * so no other page downloads it). The page starts the download early; the image waits for the data only.
 */

/** Shown at 288 CSS px (≥ 240 for a counter scanner). */
export const QR_DISPLAY_PX = 288;

type QrModule = typeof import('qrcode');

let renderer: Promise<QrModule> | undefined;

/** Loads the qrcode package once (a failed load may be tried again). */
export function loadQrRenderer(): Promise<QrModule> {
  renderer ??= import('qrcode')
    .then((module) => ((module as { default?: QrModule }).default ?? module) as QrModule)
    .catch((error: unknown) => {
      renderer = undefined;
      throw error;
    });
  return renderer;
}

/**
 * The QR as an SVG data URL: black modules on white, error correction M, a 4-module quiet zone. SVG stays
 * sharp at any screen density and needs no canvas or PNG encoding on a slow phone.
 */
export async function qrDataUrl(value: string): Promise<string> {
  const cached = drawn.get(value);
  if (cached) return cached;
  const qr = await loadQrRenderer();
  const svg = await qr.toString(value, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: QR_DISPLAY_PX,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  drawn.set(value, url);
  return url;
}

const drawn = new Map<string, string>();

/** The QR already drawn for `value` (the page's script draws it before React renders), if any. */
export function drawnQr(value: string): string | undefined {
  return drawn.get(value);
}
