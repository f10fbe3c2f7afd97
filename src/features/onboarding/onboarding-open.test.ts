// @vitest-environment happy-dom
import { ONBOARDING_OPEN } from './onboarding-open.ts';
import { ONBOARDING_KEY } from './onboarding-store.ts';

/** The page as parsed up to the script: the closed dialog (OnboardingLoader.astro), then the script runs. */
function parsePage(): HTMLDialogElement {
  document.body.innerHTML =
    '<dialog id="onboarding-dialog"><form method="dialog"><button>はじめる</button></form></dialog><main>page</main>';
  // The script as the page carries it, run as the parser would.
  new Function(ONBOARDING_OPEN.code)();
  return document.getElementById('onboarding-dialog') as HTMLDialogElement;
}

beforeEach(() => localStorage.clear());

describe('the welcome dialog, opened as the page is parsed', () => {
  it('is open in the page on a first visit, and seen once the visitor closes it', () => {
    const dialog = parsePage();
    expect(dialog.open).toBe(true);
    expect(localStorage.getItem(ONBOARDING_KEY)).toBeNull();
    dialog.close();
    expect(localStorage.getItem(ONBOARDING_KEY)).toBe('true');
  });

  it('closes on a tap on its backdrop (the dialog itself), not on a tap inside it', () => {
    const dialog = parsePage();
    (dialog.querySelector('form') as HTMLElement).click();
    expect(dialog.open).toBe(true);
    dialog.click();
    expect(dialog.open).toBe(false);
  });

  it('is not opened for a visitor who has seen it', () => {
    localStorage.setItem(ONBOARDING_KEY, 'true');
    expect(parsePage().open).toBe(false);
  });

  it('has its digest for the page policy, of its exact text', async () => {
    const { scriptHash } = await import('../../lib/inline-scripts.ts');
    expect(ONBOARDING_OPEN.hash).toBe(scriptHash(ONBOARDING_OPEN.code));
  });
});
