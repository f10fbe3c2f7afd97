/**
 * UI strings. Static Japanese pages read ja.json at build time without shipping i18next; the chat
 * islands load the other locales.
 */
import ja from './ja.json';

export type MessageKey = keyof typeof ja;

/** The Japanese string for `key`, with `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return ja[key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
