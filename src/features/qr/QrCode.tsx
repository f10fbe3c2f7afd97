/**
 * The QR of urlForQrCode, large enough to scan from a phone screen: 288 CSS px, black on white with a quiet
 * zone (qr-render.ts draws it).
 */
import { useEffect, useState } from 'react';
import { drawnQr, QR_DISPLAY_PX, qrDataUrl } from './qr-render.ts';
import { t } from './qr-strings.ts';

export function QrCode({ value }: { value: string }) {
  const [src, setSrc] = useState<string | undefined>(() => drawnQr(value));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    if (drawnQr(value)) return;
    qrDataUrl(value)
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);

  return (
    <div
      className="flex items-center justify-center bg-white"
      style={{ width: QR_DISPLAY_PX, height: QR_DISPLAY_PX }}
      data-testid="qr-code"
    >
      {src ? (
        <img src={src} width={QR_DISPLAY_PX} height={QR_DISPLAY_PX} alt={t('qr.image.alt')} />
      ) : (
        <p className="px-6 text-center text-sm text-secondary" role={failed ? 'alert' : undefined}>
          {failed ? t('qr.fallback') : t('qr.loading')}
        </p>
      )}
    </div>
  );
}
