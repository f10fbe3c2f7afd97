/**
 * The final confirmation before the QR: quantities, prices, tax-inclusive totals, payment
 * at the store counter, pickup or shipping per line, the cancellation terms and a terms link. Agreeing sets
 * the persisted terms-agreed flag and issues the QR.
 */
import { useId, useState } from 'react';
import { confirm } from '../../i18n/confirm/part.ts';
import { strings } from '../../i18n/index.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { SummaryLines } from '../../ui/SummaryLines.tsx';
import { TotalsList } from '../../ui/TotalsList.tsx';
import { useStoreValue } from '../../ui/use-store.ts';
import { issueQr } from './bag-qr.ts';
import { summaryOfBagLine } from './bag-summaries.ts';
import { bagTotalRows } from './bag-totals.ts';
import { $termsAgreed, agreeToTerms } from './terms-store.ts';

// The confirmation's strings come with it: this chunk loads when the shopper presses pay.
const t = await strings(confirm);

export function PaymentDialog({
  open,
  bag,
  issuing,
  error,
  termsHref,
  onClose,
  onConfirm,
}: {
  open: boolean;
  bag: Cart;
  issuing: boolean;
  /** Why the last attempt failed, shown in the dialog. */
  error: string | undefined;
  /** The terms page (chat mode has its own). */
  termsHref: string;
  onClose: () => void;
  /** Agreed: issue the QR with `issue` (loaded with this dialog, not with the bag). */
  onConfirm: (issue: typeof issueQr) => void;
}) {
  const agreedBefore = useStoreValue($termsAgreed);
  const [agreed, setAgreed] = useState(agreedBefore);
  const [missing, setMissing] = useState(false);
  const agreeId = useId();
  const missingId = useId();
  const lines = bag.products.map(summaryOfBagLine);
  const hasStore = lines.some((line) => line.receive === 'store');
  const hasShip = lines.some((line) => line.receive === 'ship');

  const confirm = () => {
    if (!agreed) {
      setMissing(true);
      document.getElementById(agreeId)?.focus();
      return;
    }
    agreeToTerms();
    onConfirm(issueQr);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('confirm.title')}
      footer={
        <div className="flex flex-col gap-2">
          <p className="text-xs">
            {t('confirm.terms.before')}
            <a
              href={termsHref}
              target="_blank"
              rel="noopener"
              className="font-bold underline underline-offset-4"
            >
              {t('confirm.terms.link')}
              <span className="sr-only">{t('confirm.terms.newTab')}</span>
            </a>
            {t('confirm.terms.after')}
          </p>
          <label className="flex min-h-11 cursor-pointer items-start gap-2 rounded border border-accent/60 p-3 text-sm">
            <input
              id={agreeId}
              type="checkbox"
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                if (event.target.checked) setMissing(false);
              }}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? missingId : undefined}
              className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
            />
            <span className="font-bold">
              {t('confirm.terms.agree')}
              <span className="ml-1 rounded bg-primary px-1 text-xs font-bold text-white">
                {t('confirm.terms.requiredMark')}
              </span>
            </span>
          </label>
          {missing && (
            <p id={missingId} role="alert" className="rounded bg-error/20 px-2 py-1 text-sm">
              {t('confirm.terms.required')}
            </p>
          )}
          {error && (
            <p role="alert" className="rounded bg-error/20 px-3 py-2 text-sm">
              {error}
            </p>
          )}
          <button
            type="button"
            onClick={confirm}
            aria-disabled={issuing || undefined}
            disabled={issuing}
            className="min-h-12 rounded bg-primary px-4 font-bold text-white hover:bg-black disabled:opacity-60"
          >
            {issuing ? t('confirm.submitting') : t('confirm.submit')}
          </button>
        </div>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <p>{t('confirm.lead')}</p>
        <section aria-labelledby={`${agreeId}-lines`}>
          <h3 id={`${agreeId}-lines`} className="font-bold">
            {t('confirm.lines')}
          </h3>
          <SummaryLines lines={lines} compact />
          <TotalsList rows={bagTotalRows(bag)} testId="confirm-totals" />
        </section>
        <section>
          <h3 className="font-bold">{t('confirm.payment.title')}</h3>
          <p className="mt-1 text-secondary">{t('confirm.payment.body')}</p>
        </section>
        <section>
          <h3 className="font-bold">{t('confirm.receive.title')}</h3>
          {hasStore && <p className="mt-1 text-secondary">{t('confirm.receive.store')}</p>}
          {hasShip && <p className="mt-1 text-secondary">{t('confirm.receive.ship')}</p>}
        </section>
        <section>
          <h3 className="font-bold">{t('confirm.cancel.title')}</h3>
          <p className="mt-1 text-secondary">{t('confirm.cancel.body')}</p>
        </section>
      </div>
    </Dialog>
  );
}
