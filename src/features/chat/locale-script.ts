/**
 * The head script of every chat page (a classic script, run before anything is painted): puts the
 * visitor's language on `<html lang>` (which shows that language's static text, see ChatLayout.astro) and
 * into the title and description. `?lang=` in the address (the language switcher's links) stores the chosen
 * locale first. Built into its own small file by src/build/files/head-scripts.ts.
 */
import { applyChatLanguage, storeChosenLocale } from './language.ts';

try {
  storeChosenLocale(location, document);
  applyChatLanguage(document, navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
} catch {
  // The page stays in English, its built language.
}
