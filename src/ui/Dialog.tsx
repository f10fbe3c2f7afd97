/**
 * A modal dialog on the native <dialog>: `showModal()` makes the page behind inert, so Tab moves only
 * through the dialog (and the browser's own controls); Esc closes it, it is labelled by its title, and
 * focus returns to where it was when it closes.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { t } from './shared-strings.ts';

export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Opens as a modal; closing (or unmounting while open) gives focus back to where it was.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement;
    if (!dialog.open) {
      dialog.showModal?.();
      if (!dialog.open) dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open) dialog.close?.();
      dialog.removeAttribute('open');
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Esc: let React state close it, so state and element never disagree.
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[min(44rem,calc(100dvh-2rem))] w-[calc(100vw-1.5rem)] overflow-hidden rounded-lg bg-white p-0 text-primary shadow-xl backdrop:bg-black/50 ${size === 'sm' ? 'max-w-sm' : 'max-w-lg'}`}
    >
      {open && (
        <div className="flex max-h-[inherit] flex-col">
          <div className="flex items-start justify-between gap-2 border-b border-accent/30 px-4 py-3">
            <h2 id={titleId} className="pt-2 text-base font-bold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="flex h-11 min-w-11 items-center justify-center rounded text-secondary hover:bg-neutral-100"
            >
              <span aria-hidden="true" className="text-2xl leading-none">
                ×
              </span>
              <span className="sr-only">{t('confirm.close')}</span>
            </button>
          </div>
          {/* Focusable, so a keyboard can scroll it when the dialog's text is longer than the screen. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access. */}
          <div className="overflow-y-auto px-4 py-4" tabIndex={0}>
            {children}
          </div>
          {footer && <div className="border-t border-accent/30 px-4 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
