/**
 * A titled card with an order's lines and its totals: the QR page's confirmation and the order page show
 * the same thing.
 */

import type { SummaryLine } from '../../ui/SummaryLines.tsx';
import { SummaryLines } from '../../ui/SummaryLines.tsx';
import { TotalsList } from '../../ui/TotalsList.tsx';
import { type Charges, type TotalsContext, totalRows } from './bag-totals.ts';

export function OrderSummary({
  id,
  title,
  lines,
  charges,
  context,
  testId,
}: {
  /** Id of the heading, which labels the card. */
  id: string;
  title: string;
  lines: readonly SummaryLine[];
  charges: Charges;
  context: TotalsContext;
  testId: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-accent/40 p-4">
      <h2 id={id} className="text-sm font-bold">
        {title}
      </h2>
      <SummaryLines lines={lines} />
      <TotalsList rows={totalRows(charges, context)} testId={testId} />
    </section>
  );
}
