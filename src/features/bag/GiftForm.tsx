/**
 * A line's のし and message card, chosen in a form that opens under the line: the 表書き from the store's
 * list (or none), 内のし or 外のし with a line on each, an optional 名入れ, a preview of what is printed, and a message card for a
 * shipped line. Loaded when the shopper opens it: a bag without のし does not carry it. The rules are the
 * API's own (gift-rules.ts), checked before sending; what the shopper typed stays in the form on a refusal.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { gift } from '../../i18n/gift/part.ts';
import { strings } from '../../i18n/index.ts';
import { notify } from '../site/index.ts';
import type { LineView } from './bag-lines.ts';
import { changeGift } from './gift-actions.ts';
import {
  checkGift,
  type GiftField,
  type GiftReason,
  MESSAGE_MAX,
  NOSHI_NAME_MAX,
  type NoshiPlacement,
  noshiPrinted,
} from './gift-rules.ts';

// The choice's strings come with it: this chunk loads when the shopper opens it.
const t = await strings(gift);

const PLACEMENTS: readonly NoshiPlacement[] = ['outside', 'inside'];

/** A reason as the shopper reads it, the field's limit filled in. */
function reasonText(reason: GiftReason): string {
  return t(`noshi.error.${reason}`, { max: reason === 'messageTooLong' ? MESSAGE_MAX : NOSHI_NAME_MAX });
}

export function GiftForm({
  line,
  titles,
  onClose,
}: {
  line: LineView;
  /** The store's 表書き (the bag's `noshiTitles`). */
  titles: readonly string[];
  onClose: () => void;
}) {
  const id = useId();
  const shipped = line.receive === 'ship';
  const [title, setTitle] = useState(line.gift?.noshi?.title ?? '');
  const [placement, setPlacement] = useState<NoshiPlacement>(line.gift?.noshi?.placement ?? 'outside');
  const [name, setName] = useState(line.gift?.noshi?.name ?? '');
  const [message, setMessage] = useState(line.gift?.message ?? '');
  const [reasons, setReasons] = useState<Partial<Record<GiftField, GiftReason>>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // Opened by the shopper: their next keystroke goes to the choice's first field.
  useEffect(() => form.current?.querySelector<HTMLElement>('select, textarea')?.focus(), []);

  const noshi = line.noshi === true && title !== '' ? { title, placement, name: name.trim() || null } : null;
  const request = { noshi, message: shipped ? message : null };

  // A field the shopper edits no longer says it is wrong: the next press checks it again.
  const edited = (field: GiftField) =>
    setReasons((now) => {
      if (now[field] === undefined) return now;
      const { [field]: _dropped, ...rest } = now;
      return rest;
    });

  const save = async () => {
    setFailure(undefined);
    const local = checkGift(request, {
      accepts: line.noshi === true,
      shipped,
      current: null,
      titles,
    });
    if (!local.ok) {
      setReasons(local.reasons);
      return;
    }
    setReasons({});
    setSaving(true);
    const result = await changeGift(line, request);
    setSaving(false);
    if (!result) return;
    if (result.ok) {
      onClose();
      notify(t('noshi.saved'), { tone: 'success' });
    } else {
      setReasons(result.reasons);
      setFailure(result.message ?? t('noshi.error.check'));
    }
  };

  const errorOf = (field: GiftField) => {
    const reason = reasons[field];
    return reason === undefined ? undefined : reasonText(reason);
  };
  const described = (field: GiftField, note: string) =>
    [note, reasons[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: GiftField) =>
    errorOf(field) && (
      <p id={`${id}-${field}-error`} className="mt-1 rounded bg-error/20 px-2 py-1 text-sm">
        {errorOf(field)}
      </p>
    );

  return (
    <form
      ref={form}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="w-full rounded border border-accent/60 p-3"
    >
      <h4 id={`${id}-title`} className="mb-3 font-bold">
        {t('noshi.dialogTitle', { title: line.title })}
      </h4>
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-xs text-secondary">{t('noshi.wrappingNote')}</p>
        {line.noshi === true && (
          <fieldset className="flex flex-col gap-3">
            <legend className="font-bold">{t('noshi.legend')}</legend>
            <label className="flex flex-col gap-1">
              <span>{t('noshi.omotegaki')}</span>
              <select
                value={title}
                onChange={(event) => {
                  setTitle(event.target.value);
                  edited('noshi.title');
                }}
                aria-invalid={reasons['noshi.title'] ? true : undefined}
                aria-describedby={described('noshi.title', '')}
                className="min-h-11 rounded border border-accent/60 px-2"
              >
                <option value="">{t('noshi.none')}</option>
                {titles.map((each) => (
                  <option key={each} value={each} lang="ja">
                    {each}
                  </option>
                ))}
              </select>
            </label>
            {fieldError('noshi.title')}
            {title !== '' && (
              <>
                <fieldset>
                  <legend className="mb-1">{t('noshi.placement')}</legend>
                  {PLACEMENTS.map((each) => (
                    <label key={each} className="flex min-h-11 cursor-pointer items-start gap-2 py-1">
                      <input
                        type="radio"
                        name={`${id}-placement`}
                        value={each}
                        checked={placement === each}
                        onChange={() => setPlacement(each)}
                        className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
                      />
                      <span>
                        <span className="font-bold">{t(`noshi.${each}`)}</span>
                        <span className="block text-xs text-secondary">{t(`noshi.${each}Note`)}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
                <label className="flex flex-col gap-1">
                  <span>{t('noshi.name')}</span>
                  <input
                    type="text"
                    value={name}
                    onChange={(event) => {
                      setName(event.target.value);
                      edited('noshi.name');
                    }}
                    autoComplete="family-name"
                    aria-invalid={reasons['noshi.name'] ? true : undefined}
                    aria-describedby={described('noshi.name', `${id}-name-note`)}
                    className="min-h-11 rounded border border-accent/60 px-2"
                  />
                  <span id={`${id}-name-note`} className="text-xs text-secondary">
                    {t('noshi.nameNote', { max: NOSHI_NAME_MAX })}
                  </span>
                </label>
                {fieldError('noshi.name')}
                <p className="rounded bg-neutral-50 px-2 py-1.5" data-testid="noshi-preview">
                  {t('noshi.printed', {
                    printed: noshiPrinted({ title, placement, name: name.trim() || null }),
                  })}
                </p>
              </>
            )}
          </fieldset>
        )}
        {shipped && (
          <label className="flex flex-col gap-1">
            <span className="font-bold">{t('noshi.message')}</span>
            <textarea
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
                edited('message');
              }}
              rows={3}
              aria-invalid={reasons.message ? true : undefined}
              aria-describedby={described('message', `${id}-message-note`)}
              className="rounded border border-accent/60 px-2 py-1.5"
            />
            <span id={`${id}-message-note`} className="text-xs text-secondary">
              {t('noshi.messageNote', { max: MESSAGE_MAX })}
            </span>
          </label>
        )}
        {fieldError('message')}
      </div>
      {failure && (
        <p role="alert" className="mt-3 rounded bg-error/20 px-3 py-2 text-sm">
          {failure}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded border border-accent/60 px-4 hover:bg-neutral-50"
        >
          {t('noshi.cancel')}
        </button>
        <button
          type="submit"
          disabled={saving}
          className="min-h-11 rounded bg-primary px-4 font-bold text-white hover:bg-black disabled:opacity-60"
        >
          {t('noshi.save')}
        </button>
      </div>
    </form>
  );
}
