/**
 * A bag line's のし and message card: what is chosen (the のし as printed), and the button that opens their
 * choice under the line (GiftForm.tsx, loaded then). Loaded only for a bag with a line that offers one, so a bag without
 * のし carries none of it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { gift } from '../../i18n/gift/part.ts';
import { strings } from '../../i18n/index.ts';
import { noshiPrinted } from '../../lib/gift-print.ts';
import type { LineView } from './bag-lines.ts';

const t = await strings(gift);

const GiftForm = lazy(() => import('./GiftForm.tsx').then(({ GiftForm }) => ({ default: GiftForm })));

export default function LineGift({ line, titles }: { line: LineView; titles: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const noshi = line.gift?.noshi;
  const message = line.gift?.message;
  return (
    <div className="flex flex-col items-start gap-1 text-sm" data-testid="line-gift">
      {noshi && <p>{t('noshi.line', { printed: noshiPrinted(noshi) })}</p>}
      {message && <p className="whitespace-pre-line text-secondary">{t('noshi.messageLine', { message })}</p>}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        aria-label={t('noshi.openLabel', { title: line.title })}
        className="min-h-11 rounded border border-accent/60 px-3 hover:bg-neutral-50"
      >
        {t('noshi.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <GiftForm line={line} titles={titles} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
