/**
 * One bag line: image, title, variant, unit price, its warning, receive, the のし and message card chosen
 * (and the button that opens their choice, where the line offers one), quantity and line total.
 */
import { mdiAlertCircleOutline } from '@mdi/js';
import { lazy, Suspense } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { Thumb } from '../../ui/Thumb.tsx';
import type { LineView } from './bag-lines.ts';
import { warningMessage } from './bag-messages.ts';
import { t } from './bag-strings.ts';
import { QtyStepper } from './QtyStepper.tsx';
import { ReceiveChoice } from './ReceiveChoice.tsx';

/** The line's のし and message card, loaded only for a line that offers them. */
const LineGift = lazy(() => import('./LineGift.tsx'));

/**
 * Where a line's のし and message card part goes while its code loads: as tall as the part's button, so
 * that the part coming moves nothing below it.
 */
const giftPlace = <p className="min-h-11" />;

export function BagLine({
  line,
  href,
  qtyBusy,
  receiveBusy,
  shipPrice,
  onQty,
  onReceive,
  onRemove,
  titles,
}: {
  line: LineView;
  href: string | undefined;
  qtyBusy: boolean;
  receiveBusy: boolean;
  shipPrice: string | undefined;
  onQty: (qty: number) => void;
  onReceive: (receive: 'store' | 'ship') => void;
  onRemove: () => void;
  /** The store's 表書き (the bag's `noshiTitles`): without them the bag offers no のし or card. */
  titles: readonly string[] | undefined;
}) {
  const warningId = `warning-${line.key.replace(':', '-')}`;
  return (
    <li
      className="flex flex-col gap-3 py-4"
      data-testid="bag-line"
      data-product-id={line.productId}
      data-variant-id={line.variantId}
      aria-describedby={line.warning ? warningId : undefined}
    >
      <div className="flex gap-3">
        <Thumb src={line.imageSrc} size={80} />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-bold leading-snug">
            {href ? (
              <a href={href} className="flex min-h-11 items-center hover:underline">
                {line.title}
              </a>
            ) : (
              line.title
            )}
          </h3>
          {line.variantLabel && <p className="text-xs text-secondary">{line.variantLabel}</p>}
          <p className="mt-1 text-sm">
            <span className="text-secondary">{t('bag.line.unitPrice')} </span>
            <span data-testid="unit-price">{line.unitPrice}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:pl-[92px]">
        {line.warning && (
          <p id={warningId} className="flex items-start gap-1.5 rounded bg-error/20 px-2 py-1.5 text-sm">
            <Icon path={mdiAlertCircleOutline} size={18} className="mt-0.5 shrink-0" />
            <span>{warningMessage(line.warning)}</span>
          </p>
        )}
        <ReceiveChoice
          name={`receive-${line.key}`}
          value={line.receive}
          busy={receiveBusy}
          inStore={line.storeStock > 0}
          shipPrice={shipPrice}
          onChange={onReceive}
        />
        {/* offersGift (bag-lines.ts) written out: the bag page's script is at its budget. The held bag
            follows the same rule, and held-bag.test.tsx fails where the two part. */}
        {titles && (line.noshi || line.receive === 'ship') && (
          <Suspense fallback={giftPlace}>
            <LineGift line={line} titles={titles} />
          </Suspense>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <QtyStepper
              id={`qty-${line.key.replace(':', '-')}`}
              title={line.title}
              qty={line.qty}
              max={line.maxQty}
              busy={qtyBusy}
              onChange={onQty}
              onRemove={onRemove}
            />
            <button
              type="button"
              onClick={onRemove}
              disabled={qtyBusy}
              aria-label={t('bag.line.removeLabel', { title: line.title })}
              className="min-h-11 rounded px-2 text-sm text-secondary underline underline-offset-4 hover:text-primary disabled:opacity-40"
            >
              {t('bag.line.remove')}
            </button>
          </div>
          <p className="ml-auto text-right">
            <span className="sr-only">{t('bag.line.total')} </span>
            <span className="font-bold tabular-nums" data-testid="line-total">
              {line.lineTotal}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}
