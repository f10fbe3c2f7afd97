/**
 * The QR page (/qr/{draftOrderAlias}/): the QR of urlForQrCode for the store counter, the counter code
 * staff type when it will not scan (given to the browser that issued the QR only), the confirmation, the
 * time limit and the polled status. Completed → the order page; expired → /qr/timeout/.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { aliasFromPath, bagHref } from '../../lib/mode-routes.ts';
import { LoadErrorView, PageNotFoundView } from '../../ui/ErrorScreen.tsx';
import { OrderSummary } from '../bag/components.ts';
import { anyShipped, summaryOfBagLine } from '../bag/index.ts';
import { Countdown } from './Countdown.tsx';
import { $qr, type DraftOrderWatch, followDraftOrder } from './draft-order-store.ts';
import { QrCode } from './QrCode.tsx';
import { confirmationErrorMessage } from './qr-messages.ts';
import { t } from './qr-strings.ts';

export default function QrView() {
  // The page's script starts before hydration: hydrate from the build-time value first.
  const view = useStore($qr, { ssr: 'initial' });
  const [alias, setAlias] = useState<string | null | undefined>(undefined);
  const watch = useRef<DraftOrderWatch | undefined>(undefined);

  useEffect(() => {
    const found = aliasFromPath(window.location.pathname, 'qr');
    setAlias(found);
    if (found) watch.current = followDraftOrder(found);
    return () => watch.current?.stop();
  }, []);

  if (alias === null) return <PageNotFoundView path={window.location.pathname} />;

  switch (view.kind) {
    case 'error':
      return (
        <LoadErrorView
          status={view.status}
          description={view.status === 404 ? confirmationErrorMessage('NOT_FOUND') : undefined}
          onRetry={() => {
            if (alias) watch.current = followDraftOrder(alias, { restart: true });
          }}
        />
      );
    case 'refused':
      return (
        <section className="flex flex-col items-center gap-4 py-12 text-center" aria-labelledby="qr-refused">
          <h1 id="qr-refused" className="text-lg font-bold">
            {t('qr.error.title')}
          </h1>
          <p className="rounded bg-error/20 px-4 py-3 text-sm" role="alert">
            {confirmationErrorMessage(view.code)}
          </p>
          <a
            href={bagHref()}
            className="inline-flex min-h-11 items-center rounded bg-primary px-6 font-bold text-white hover:bg-black"
          >
            {t('qr.backToBag')}
          </a>
        </section>
      );
    case 'ready':
      return <ReadyQr view={view} onZero={() => watch.current?.pollNow()} />;
    case 'leaving':
      return <Pending text={t('qr.status.leaving')} />;
    default:
      return <LoadingQr />;
  }
}

function Pending({ text }: { text: string }) {
  return (
    <div aria-busy="true" className="flex flex-col items-center gap-4 py-8">
      <div className="h-72 w-72 rounded bg-neutral-100" aria-hidden="true" />
      <p className="text-sm text-secondary" role="status">
        {text}
      </p>
    </div>
  );
}

/**
 * The QR's page while its draft order comes: the top of ReadyQr as it will be (title, lead, the QR's framed
 * box), so the QR arriving takes the place kept for it and moves nothing on the screen.
 */
function LoadingQr() {
  return (
    <section aria-busy="true" className="flex flex-col items-center gap-3 text-center">
      <h1 className="text-lg font-bold">{t('qr.title')}</h1>
      <p className="text-sm">{t('qr.lead')}</p>
      <div className="rounded-lg border border-accent/40 bg-white p-1 shadow-sm">
        <div className="flex h-72 w-72 items-center justify-center bg-neutral-100">
          <p className="text-sm text-secondary" role="status">
            {t('qr.loading')}
          </p>
        </div>
      </div>
    </section>
  );
}

function ReadyQr({
  view,
  onZero,
}: {
  view: Extract<ReturnType<typeof $qr.get>, { kind: 'ready' }>;
  onZero: () => void;
}) {
  const { confirmation } = view;
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col items-center gap-3 text-center" aria-labelledby="qr-title">
        <h1 id="qr-title" className="text-lg font-bold">
          {t('qr.title')}
        </h1>
        <p className="text-sm">{t('qr.lead')}</p>
        <div className="rounded-lg border border-accent/40 bg-white p-1 shadow-sm">
          <QrCode value={confirmation.urlForQrCode} />
        </div>
        {confirmation.counterCode ? (
          <p className="text-xs text-secondary">
            {t('qr.fallback')}
            <br />
            <code
              className="font-mono text-2xl font-bold tracking-widest text-primary"
              data-testid="qr-counter-code"
            >
              {confirmation.counterCode}
            </code>
          </p>
        ) : null}
        <Countdown expiresAt={view.expiresAt} onZero={onZero} />
        <p
          role="status"
          className={`rounded px-3 py-2 text-sm ${view.offline ? 'bg-error/20' : 'bg-neutral-100'}`}
        >
          {view.offline ? t('qr.status.offline') : t('qr.status.waiting')}
        </p>
      </section>
      <OrderSummary
        id="qr-confirmation"
        title={t('qr.confirmation.title')}
        lines={confirmation.products.map(summaryOfBagLine)}
        charges={confirmation}
        context={{ anyShipped: anyShipped(confirmation.products), wrapping: confirmation.wrappingFee > 0 }}
        testId="qr-totals"
      />
    </div>
  );
}
