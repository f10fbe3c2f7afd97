/** /qr/timeout/: issues a new QR for the bag as it is now (the terms were agreed when the first was issued). */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { strings } from '../../i18n/index.ts';
import { qr } from '../../i18n/qr/part.ts';
import { bagHref, qrHref } from '../../lib/mode-routes.ts';
import { $bagPending } from './bag-actions.ts';
import { issueQr } from './bag-qr.ts';
import { $termsAgreed } from './terms-store.ts';

// The QR part's strings: this screen is the QR time-out page's (and chat's).
const t = await strings(qr);

export default function QrReissue() {
  const pending = useStore($bagPending);
  const agreed = useStore($termsAgreed);
  const [message, setMessage] = useState<string | undefined>();
  const issuing = pending.has('qr');

  const reissue = async () => {
    setMessage(undefined);
    if (!agreed) {
      setMessage(t('qr.timeout.needsTerms'));
      return;
    }
    const result = await issueQr();
    if (!result) return;
    if (result.ok) window.location.assign(qrHref(result.draftOrderAlias));
    else setMessage(result.message);
  };

  return (
    <div className="flex w-full flex-col items-center gap-3">
      <button
        type="button"
        onClick={() => void reissue()}
        disabled={issuing}
        className="min-h-12 w-full max-w-xs rounded bg-primary px-6 font-bold text-white hover:bg-black disabled:opacity-60"
      >
        {issuing ? t('qr.timeout.reissuing') : t('qr.timeout.reissue')}
      </button>
      {message && (
        <p role="alert" className="rounded bg-error/20 px-4 py-3 text-sm">
          {message}
        </p>
      )}
      <a href={bagHref()} className="min-h-11 py-3 text-sm underline underline-offset-4">
        {t('qr.backToBag')}
      </a>
    </div>
  );
}
