/**
 * The Japanese delivery-address form: labelled fields with hints, per-field
 * Japanese messages tied to their inputs (aria-invalid, aria-describedby), an error summary that takes focus
 * after each refused submission, postal-code auto-fill, and values that survive every error.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { $mode } from '../../lib/mode.ts';
import { timeSlotLabel } from './address-display.ts';
import {
  ADDRESS_FIELDS,
  type AddressField,
  DELIVERY_LEAD_DAYS,
  isLatinName,
  japaneseDate,
  PREFECTURES,
  TIME_SLOTS,
  tokyoDatePlus,
} from './address-rules.ts';
import { $addressForm, setAddressField, submitAddress } from './address-store.ts';
import { type AddressKey, t } from './address-strings.ts';

/** The fields' labels, read when drawn: chat mode installs its translator after this module loads. */
const label = (field: AddressField) => t(`address.${field}` as AddressKey);

/**
 * A prefecture as the visitor reads it: `address.prefecture.{n}` in JIS order, which in address/ja.json is the
 * rules' own Japanese name (the value sent, whatever the language).
 */
const prefectureLabel = (index: number) => t(`address.prefecture.${index + 1}` as AddressKey);

const OPTIONAL = new Set<AddressField>(['building', 'deliveryDate', 'deliveryTimeSlot']);

const fieldId = (field: AddressField) => `address-${field}`;

const POSTAL_MESSAGES = {
  idle: () => '',
  found: () => t('address.postalCode.found'),
  several: () => t('address.postalCode.several'),
  none: () => t('address.postalCode.none'),
};

export function AddressForm() {
  const form = useStore($addressForm);
  const chat = useStore($mode).kind === 'chat';
  // The reading is optional for a name in Latin letters, which needs none (address-rules.ts).
  const latinName = isLatinName(form.values.name ?? '');
  const optional = (field: AddressField) => OPTIONAL.has(field) || (field === 'nameKana' && latinName);
  const summary = useRef<HTMLDivElement>(null);
  const errorCount = Object.keys(form.errors).length;
  const earliest = tokyoDatePlus(Date.now(), DELIVERY_LEAD_DAYS);

  // After each refused submission, the summary takes focus so the messages are read and reachable.
  useEffect(() => {
    if (form.attempt > 0) summary.current?.focus();
  }, [form.attempt]);

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await submitAddress();
    if (result.ok) window.location.assign(result.href);
  };

  const describedBy = (field: AddressField, hasHint: boolean) =>
    [hasHint ? `${fieldId(field)}-hint` : '', form.errors[field] ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const input = (field: AddressField, hasHint = false) => ({
    id: fieldId(field),
    name: field,
    value: form.values[field],
    'aria-invalid': form.errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, hasHint),
    'aria-required': optional(field) ? undefined : true,
    onChange: (event: { target: { value: string } }) => setAddressField(field, event.target.value),
    className: `mt-1 block min-h-11 w-full rounded border bg-white px-3 text-base ${form.errors[field] ? 'border-2 border-error' : 'border-accent'}`,
  });

  const postalProps = input('postalCode', true);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      {form.attempt > 0 && (errorCount > 0 || form.formError) && (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          className="rounded border-2 border-error bg-error/20 p-3 text-sm"
          data-testid="error-summary"
        >
          {errorCount > 0 && (
            <>
              <p className="font-bold">{t('address.errorSummary', { count: errorCount })}</p>
              <ul className="mt-1 list-disc pl-5">
                {ADDRESS_FIELDS.filter((field) => form.errors[field]).map((field) => (
                  <li key={field}>
                    <a href={`#${fieldId(field)}`} className="underline underline-offset-2">
                      {t('address.errorLine', { label: label(field), message: form.errors[field] ?? '' })}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {form.formError && <p className={errorCount > 0 ? 'mt-2' : ''}>{form.formError}</p>}
        </div>
      )}

      <Field field="postalCode" error={form.errors.postalCode} hint={t('address.postalCode.hint')}>
        <input
          {...postalProps}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={16}
          className={`${postalProps.className} max-w-40`}
        />
        <p className="mt-1 text-xs text-secondary" aria-live="polite" data-testid="postal-status">
          {POSTAL_MESSAGES[form.postal]()}
        </p>
      </Field>

      <Field field="prefecture" error={form.errors.prefecture}>
        <select
          {...input('prefecture')}
          autoComplete="address-level1"
          className={`${input('prefecture').className} max-w-48`}
        >
          <option value="">{t('address.prefecture.placeholder')}</option>
          {PREFECTURES.map((prefecture, index) => (
            <option key={prefecture} value={prefecture}>
              {prefectureLabel(index)}
            </option>
          ))}
        </select>
      </Field>

      <Field field="city" error={form.errors.city}>
        <input {...input('city')} type="text" autoComplete="address-level2" maxLength={100} />
      </Field>

      <Field field="street" error={form.errors.street} hint={t('address.street.hint')}>
        <input {...input('street', true)} type="text" autoComplete="address-line1" maxLength={100} />
      </Field>

      <Field field="building" error={form.errors.building}>
        <input {...input('building')} type="text" autoComplete="address-line2" maxLength={100} />
      </Field>

      <Field field="name" error={form.errors.name}>
        <input {...input('name')} type="text" autoComplete="name" maxLength={60} />
      </Field>

      <Field
        field="nameKana"
        optional={latinName}
        error={form.errors.nameKana}
        hint={t('address.nameKana.hint')}
      >
        <input {...input('nameKana', true)} type="text" autoComplete="off" maxLength={60} />
      </Field>

      <Field field="phone" error={form.errors.phone} hint={t('address.phone.hint')}>
        <input {...input('phone', true)} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} />
      </Field>

      <Field
        field="deliveryDate"
        error={form.errors.deliveryDate}
        hint={t('address.deliveryDate.hint', { date: chat ? earliest : japaneseDate(earliest) })}
      >
        <input
          {...input('deliveryDate', true)}
          type="date"
          min={earliest}
          className={`${input('deliveryDate').className} max-w-48`}
        />
      </Field>

      <Field field="deliveryTimeSlot" error={form.errors.deliveryTimeSlot}>
        <select {...input('deliveryTimeSlot')} className={`${input('deliveryTimeSlot').className} max-w-48`}>
          <option value="">{t('address.slot.none')}</option>
          {TIME_SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {timeSlotLabel(slot)}
            </option>
          ))}
        </select>
      </Field>

      <button
        type="submit"
        disabled={form.submitting}
        className="min-h-12 rounded bg-primary px-6 font-bold text-white hover:bg-black disabled:opacity-60"
      >
        {form.submitting ? t('address.submitting') : t('address.submit')}
      </button>
    </form>
  );
}

function Field({
  field,
  optional = OPTIONAL.has(field),
  error,
  hint,
  children,
}: {
  field: AddressField;
  /** Optional fields say so; the others are marked required. */
  optional?: boolean;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const id = fieldId(field);
  return (
    <div>
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-bold">
        {label(field)}
        <span
          className={`rounded px-1.5 py-0.5 text-xs font-normal ${optional ? 'border border-accent text-secondary' : 'bg-primary text-white'}`}
        >
          {optional ? t('address.optional') : t('address.required')}
        </span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-secondary">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p
          id={`${id}-error`}
          className="mt-1 rounded bg-error/20 px-2 py-1 text-sm"
          data-testid={`${field}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
