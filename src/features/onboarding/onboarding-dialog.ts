/**
 * Opens the onboarding dialog from its <template> (OnboardingLoader.astro): a native modal <dialog> (the page
 * behind is inert, so Tab moves only through the dialog), labelled by its title, closed by Esc, its buttons
 * or a tap on the backdrop; the browser moves focus in and back out. The visitor has seen it once they
 * close it: the dialog then sends ONBOARDING_SEEN_EVENT, on which onboarding-start.ts records it in the
 * store. Built as a module of its own and loaded only for a first visit, it opens the dialog when imported.
 */
import { ONBOARDING_SEEN_EVENT } from './onboarding-events.ts';

// A module runs once per page, so the dialog opens at most once: it is moved out of its template.
const dialog = (document.getElementById('onboarding-dialog') as HTMLTemplateElement | null)?.content
  .firstElementChild;
if (dialog instanceof HTMLDialogElement) {
  // A click on the backdrop lands on the <dialog> itself.
  dialog.onclick = (event) => {
    if (event.target === dialog || (event.target as Element).closest('[data-close]')) dialog.close();
  };
  // Seen once the visitor closes it (Esc, a button, the backdrop) or follows its call to action; a page
  // left with the dialog still open shows it again on the next one.
  dialog.onclose = () => {
    dispatchEvent(new Event(ONBOARDING_SEEN_EVENT));
    dialog.remove();
  };
  document.body.append(dialog);
  // The browser focuses the call to action (its `autofocus`) and gives focus back where it was on close.
  dialog.showModal();
}
