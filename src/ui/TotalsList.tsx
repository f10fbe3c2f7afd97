/** Rows of charges (subtotal, shipping, wrapping, the tax-inclusive grand total) as the server figured them. */

import { t } from './shared-strings.ts';

export interface TotalRow {
  key: 'subtotal' | 'shipping' | 'wrapping' | 'grandTotal';
  label: string;
  value: string;
  /** The row that says what is paid. */
  emphasis: boolean;
}

export function TotalsList({
  rows,
  busy = false,
  testId,
}: {
  rows: readonly TotalRow[];
  /** A change is on its way: these figures are about to be replaced. */
  busy?: boolean;
  testId?: string;
}) {
  return (
    <div aria-busy={busy || undefined}>
      <dl className={`flex flex-col gap-2 text-sm ${busy ? 'opacity-60' : ''}`} data-testid={testId}>
        {rows.map((row) => (
          <div
            key={row.key}
            className={`flex flex-wrap items-baseline justify-between gap-x-4 ${row.emphasis ? 'border-t border-accent/40 pt-2 text-base font-bold' : ''}`}
            data-total={row.key}
          >
            <dt className={row.emphasis ? '' : 'text-secondary'}>{row.label}</dt>
            <dd className="ml-auto text-right tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      {busy ? (
        <p className="mt-2 text-xs text-secondary">{t('bag.totals.updating')}</p>
      ) : (
        <p className="mt-2 text-xs text-secondary">{t('bag.totals.taxNote')}</p>
      )}
    </div>
  );
}
