/** − quantity + for a bag line. At 1, − asks to remove the line instead (quantity 0 removes it). */
import { mdiMinus, mdiPlus } from '@mdi/js';
import { Icon } from '../../ui/Icon.tsx';
import { t } from './bag-strings.ts';

export function QtyStepper({
  title,
  qty,
  max,
  busy,
  onChange,
  onRemove,
}: {
  title: string;
  qty: number;
  max: number;
  busy: boolean;
  onChange: (qty: number) => void;
  onRemove: () => void;
}) {
  const button =
    'flex h-11 w-11 items-center justify-center rounded border border-accent/60 bg-white hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div className="flex items-center" aria-busy={busy || undefined}>
      <button
        type="button"
        className={button}
        aria-label={t('bag.line.decrease', { title })}
        disabled={busy}
        onClick={() => (qty <= 1 ? onRemove() : onChange(qty - 1))}
      >
        <Icon path={mdiMinus} size={18} />
      </button>
      <output className="min-w-10 text-center font-bold tabular-nums" aria-label={t('bag.line.qty')}>
        {qty}
      </output>
      <button
        type="button"
        className={button}
        aria-label={t('bag.line.increase', { title })}
        disabled={busy || qty >= max}
        onClick={() => onChange(qty + 1)}
      >
        <Icon path={mdiPlus} size={18} />
      </button>
    </div>
  );
}
