/**
 * Opens the onboarding dialog from its <template> (OnboardingLoader.astro): a modal <dialog>, labelled by
 * its title, closed by Esc, its buttons or a tap on the backdrop; Tab stays inside it and focus returns where
 * it was. The visitor has seen it as soon as it shows.
 */
import { markOnboardingSeen } from './onboarding-store.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling through the dialog's own controls. */
function trapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export function openOnboarding(): void {
  const template = document.getElementById('onboarding-dialog');
  if (!(template instanceof HTMLTemplateElement) || document.querySelector('dialog[data-onboarding]')) return;
  const dialog = template.content.querySelector('dialog')?.cloneNode(true);
  if (!(dialog instanceof HTMLDialogElement)) return;
  dialog.dataset.onboarding = '';
  const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.addEventListener('keydown', (event) => trapTab(dialog, event));
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    // A click on the backdrop lands on the <dialog> itself.
    if (target === dialog || target.closest('[data-close]')) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    returnTo?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  dialog.querySelector<HTMLElement>('[data-start]')?.focus();
  markOnboardingSeen();
}
