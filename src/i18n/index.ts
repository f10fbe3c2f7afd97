/**
 * UI strings. Static Japanese pages read ja.json at build time without shipping i18next; chat mode installs
 * a translator for the visitor's language (src/features/chat/chat-i18n.ts), so the screens it shares with the
 * web catalogue speak that language with the same keys.
 */
import ja from './ja.json';

export type MessageKey = keyof typeof ja;
export type MessageParams = Record<string, string | number>;
type Translate = (key: MessageKey, params: MessageParams) => string;

let installed: Translate | undefined;

/** Chat mode: every later `t()` goes through `translate` (the visitor's language) instead of ja.json. */
export function installTranslator(translate: Translate): void {
  installed = translate;
}

/** The string for `key` (Japanese unless chat mode installed a translator), `{name}` filled from `params`. */
export function t(key: MessageKey, params: MessageParams = {}): string {
  if (installed) return installed(key, params);
  return ja[key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
