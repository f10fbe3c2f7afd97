/**
 * One string of a locale's file: the plural form `params.count` asks for (`key_one`, `key_other`, by the
 * locale's plural rules), else the key itself, with `{name}` placeholders filled from `params`. A missing
 * key shows as the key. The same rules for pages at build time and islands in the browser.
 */
export type Messages = Record<string, string>;
export type MessageParams = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

export function translate(
  messages: Messages,
  locale: string,
  key: string,
  params: MessageParams = {},
): string {
  const { count } = params;
  const form = typeof count === 'number' ? pluralForm(locale, count) : undefined;
  const text = (form && messages[`${key}_${form}`]) ?? messages[key] ?? messages[`${key}_other`] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
