/** Store pickup or shipping for one bag line, as two radio buttons. */
import { t } from '../../i18n/index.ts';
import { RECEIVE_CHOICES } from './receive.ts';

export function ReceiveChoice({
  name,
  value,
  busy,
  onChange,
}: {
  name: string;
  value: 'store' | 'ship';
  busy: boolean;
  onChange: (value: 'store' | 'ship') => void;
}) {
  return (
    <fieldset className="min-w-0" aria-busy={busy || undefined}>
      <legend className="mb-1 text-xs text-secondary">{t('bag.line.receive')}</legend>
      <div className="grid grid-cols-2 gap-1.5">
        {RECEIVE_CHOICES.map((choice) => (
          <label
            key={choice}
            className="relative flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded border border-accent/60 px-2 text-center text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:font-bold has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              disabled={busy}
              onChange={() => onChange(choice)}
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
            />
            {choice === 'store' ? t('bag.receive.store') : t('bag.receive.ship')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
