/** Store pickup or shipping for one bag line, as two radio buttons; shipping's price under its name. */
import { t } from './bag-strings.ts';
import { RECEIVE_CHOICES } from './receive.ts';

export function ReceiveChoice({
  name,
  value,
  busy,
  inStore,
  shipPrice,
  onChange,
}: {
  name: string;
  value: 'store' | 'ship';
  busy: boolean;
  /** False when the store holds none of the line's variant: pickup is off, and says why. */
  inStore: boolean;
  /** What shipping costs (choicePrices in bag-totals.ts), shown before it is chosen. */
  shipPrice: string | undefined;
  onChange: (value: 'store' | 'ship') => void;
}) {
  return (
    <fieldset className="min-w-0" aria-busy={busy || undefined}>
      <legend className="mb-1 text-xs text-secondary">{t('bag.line.receive')}</legend>
      <div className="grid grid-cols-2 gap-1.5">
        {RECEIVE_CHOICES.map((choice) => (
          <label
            key={choice}
            className="relative flex min-h-11 cursor-pointer flex-col items-center justify-center rounded border border-accent/60 px-2 text-center text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:font-bold has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              disabled={busy || (choice === 'store' && !inStore)}
              aria-describedby={choice === 'store' && !inStore ? `${name}-none` : undefined}
              onChange={() => onChange(choice)}
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
            />
            <span>{choice === 'store' ? t('bag.receive.store') : t('bag.receive.ship')}</span>
            {choice === 'store' && !inStore && (
              <span id={`${name}-none`} className="text-xs font-normal">
                {t('bag.receive.noStore')}
              </span>
            )}
            {choice === 'ship' && shipPrice && (
              <span className="text-xs font-normal" data-testid="ship-price">
                {shipPrice}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
