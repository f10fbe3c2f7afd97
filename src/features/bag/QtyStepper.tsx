/**
 * − quantity + for a bag line. At 1, − asks to remove the line instead (quantity 0 removes it). At the most
 * that can be ordered, + is off and says so beside it.
 */
import { mdiMinus, mdiPlus } from '@mdi/js';
import { Icon } from '../../ui/Icon.tsx';
import { t } from './bag-strings.ts';

export function QtyStepper({
  id,
  title,
  qty,
  max,
  busy,
  onChange,
  onRemove,
}: {
  /** Unique on the page: names the reason + is off. */
  id: string;
  title: string;
  qty: number;
  max: number;
  busy: boolean;
  onChange: (qty: number) => void;
  onRemove: () => void;
}) {
  const button =
    'flex h-11 w-11 items-center justify-center rounded border border-accent/60 bg-white hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-40';
  const atMost = qty >= max;
  return (
    <div className="flex flex-wrap items-center" aria-busy={busy || undefined}>
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
        disabled={busy || atMost}
        aria-describedby={atMost ? `${id}-max` : undefined}
        onClick={() => onChange(qty + 1)}
      >
        <Icon path={mdiPlus} size={18} />
      </button>
      {atMost && (
        <p id={`${id}-max`} className="ml-2 text-xs text-secondary">
          {t('bag.line.max', { max })}
        </p>
      )}
    </div>
  );
}
