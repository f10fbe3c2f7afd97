/**
 * The onboarding dialog's opening: a classic script inline right after the dialog (OnboardingLoader.astro),
 * run as the parser reaches it, before the page is first painted. A first visitor finds the dialog open in
 * the page's first paint, or not at all on that page: never a late pop-up that an early tap lands on. The
 * native modal <dialog> does the rest: labelled by its title, closed by Esc or its buttons (a `method="dialog"`
 * form); the script adds a tap on the backdrop, and marks the dialog seen once closed (onboarding-store.ts's
 * flag, in its stored form). Pages that mark it seen at once carry neither (BaseLayout.astro, which puts the
 * script's digest in the policy of the pages that do).
 */
import { type InlineScript, scriptHash } from '../../lib/inline-scripts.ts';
import { ONBOARDING_KEY } from './onboarding-store.ts';

const code =
  `(function(){var d=document.getElementById('onboarding-dialog'),k=${JSON.stringify(ONBOARDING_KEY)};` +
  `try{if(localStorage.getItem(k)==='true')return;d.onclick=function(e){e.target===d&&d.close()};` +
  `d.onclose=function(){try{localStorage.setItem(k,'true')}catch(e){}};d.showModal()}catch(e){}})()`;

export const ONBOARDING_OPEN: InlineScript = { code, hash: scriptHash(code) };
