/**
 * The lines of a confirmation or an order, read-only: image, title, variant, のし as printed and the message
 * card (when chosen), receive, quantity, unit price and line total.
 */

import { gift } from '../i18n/gift/part.ts';
import { strings } from '../i18n/index.ts';
import type { LineGift } from '../lib/catalog/types.ts';
import { formatPrice } from '../lib/format/price.ts';
import { noshiPrinted } from '../lib/gift-print.ts';
import { t } from './shared-strings.ts';
import { Thumb } from './Thumb.tsx';

/** The words around a gift (src/i18n/gift/): the のし as printed in every language, with a label in the page's. */
const giftT = await strings(gift);

/** A read-only line for a confirmation or an order. */
export interface SummaryLine {
  key: string;
  title: string;
  variantLabel: string;
  imageSrc: string | null;
  qty: number;
  price: number;
  totalPrice: number;
  receive: 'store' | 'ship';
  /** The line's のし and message card; absent without either. */
  gift?: LineGift | undefined;
}

export function SummaryLines({
  lines,
  compact = false,
}: {
  lines: readonly SummaryLine[];
  compact?: boolean;
}) {
  return (
    <ul className="divide-y divide-accent/30">
      {lines.map((line) => (
        <li key={line.key} className="flex gap-3 py-3" data-testid="summary-line">
          {!compact && <Thumb src={line.imageSrc} size={56} />}
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-bold leading-snug">{line.title}</p>
            {line.variantLabel && <p className="text-xs text-secondary">{line.variantLabel}</p>}
            {line.gift?.noshi && (
              <p className="mt-1 text-xs" data-testid="line-noshi">
                {giftT('noshi.line', { printed: noshiPrinted(line.gift.noshi) })}
              </p>
            )}
            {line.gift?.message && (
              <p className="mt-1 whitespace-pre-line text-xs text-secondary" data-testid="line-message">
                {giftT('noshi.messageLine', { message: line.gift.message })}
              </p>
            )}
            <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-secondary">
                <span className="rounded border border-accent/60 px-1.5">
                  {line.receive === 'store' ? t('bag.receive.storeShort') : t('bag.receive.shipShort')}
                </span>
                <span>
                  {formatPrice(line.price)} × {t('confirm.lineQty', { count: line.qty })}
                </span>
              </p>
              <p className="ml-auto font-bold tabular-nums">{formatPrice(line.totalPrice)}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
