import { localeStrings } from './build-time.ts';

const LOCALES: Record<string, Record<string, string>> = {
  ja: localeStrings('ja'),
  en: localeStrings('en'),
  zh: localeStrings('zh'),
  ko: localeStrings('ko'),
};
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every file of every part: `./{part}/{locale}.json` → its strings. */
const FILES = import.meta.glob<Record<string, string>>('./*/*.json', { import: 'default', eager: true });
const PARTS = [...new Set(Object.keys(FILES).map((path) => path.split('/')[1] ?? ''))];

/** A key without its plural suffix (`bag.count_one` → `bag.count`). */
function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

/** Every base key of a locale with the strings written for it (one, or one per plural form). */
function grouped(messages: Record<string, string>): Map<string, { key: string; text: string }[]> {
  const groups = new Map<string, { key: string; text: string }[]>();
  for (const [key, text] of Object.entries(messages)) {
    const base = baseKey(key);
    groups.set(base, [...(groups.get(base) ?? []), { key, text }]);
  }
  return groups;
}

const jaGroups = grouped(LOCALES.ja ?? {});

describe.each(PARTS)('the %s part', (part) => {
  const baseKeys = (locale: string) => [...grouped(FILES[`./${part}/${locale}.json`] ?? {}).keys()].sort();

  it.each(['en', 'zh', 'ko'])('has the Japanese file’s keys in %s, and no other', (locale) => {
    expect(FILES[`./${part}/${locale}.json`]).toBeDefined();
    expect(baseKeys(locale)).toEqual(baseKeys('ja'));
  });
});

describe('the parts', () => {
  it.each(Object.keys(LOCALES))('hold each %s key once', (locale) => {
    const keys = PARTS.flatMap((part) => Object.keys(FILES[`./${part}/${locale}.json`] ?? {}));
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe.each(Object.keys(LOCALES).filter((locale) => locale !== 'ja'))('the %s strings', (locale) => {
  const messages = LOCALES[locale] ?? {};
  const groups = grouped(messages);

  it('have every key the Japanese strings have, and no other', () => {
    expect([...groups.keys()].sort()).toEqual([...jaGroups.keys()].sort());
  });

  it('use the same placeholders as the Japanese string, in every plural form', () => {
    const differing = [...groups].flatMap(([base, forms]) => {
      const expected = placeholders(jaGroups.get(base)?.[0]?.text ?? '');
      return forms
        .filter((form) => placeholders(form.text).join() !== expected.join())
        .map((form) => form.key);
    });
    expect(differing).toEqual([]);
  });

  it('write every plural form the language has, wherever a string counts something', () => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const incomplete = [...groups].flatMap(([base, forms]) => {
      const counts = placeholders(jaGroups.get(base)?.[0]?.text ?? '').includes('count');
      if (!counts || categories.length === 1) return forms.some((f) => f.key !== base) ? [base] : [];
      const written = forms.map((form) => form.key.match(PLURAL_SUFFIX)?.[1]).sort();
      return written.join() === [...categories].sort().join() ? [] : [base];
    });
    expect(incomplete).toEqual([]);
  });
});

describe('the Japanese strings', () => {
  it('have no plural suffixes (Japanese has one form)', () => {
    expect(Object.keys(LOCALES.ja ?? {}).filter((key) => PLURAL_SUFFIX.test(key))).toEqual([]);
  });
});

describe('the colon after a label', () => {
  // A URL's `://` is not a label's colon.
  const colons = (text: string, colon: string) => text.replaceAll('://', '').includes(colon);

  it.each(['zh'])('is the full-width ： in the %s strings', (locale) => {
    const halfWidth = Object.entries(LOCALES[locale] ?? {}).filter(([, text]) => colons(text, ':'));
    expect(halfWidth).toEqual([]);
  });

  it.each(['en', 'ko'])('is the half-width : in the %s strings', (locale) => {
    const fullWidth = Object.entries(LOCALES[locale] ?? {}).filter(([, text]) => colons(text, '：'));
    expect(fullWidth).toEqual([]);
  });
});

describe('the chat languages', () => {
  // Kana (and the katakana middle dot ・) are Japanese only; the one string that shows kana on purpose is the
  // reading hint's example of what a katakana reading looks like.
  const KANA = /[\u3040-\u30ff\uff66-\uff9f]/;
  const SHOWS_KANA_ON_PURPOSE = new Set(['address.nameKana.hint']);

  it.each(['en', 'zh', 'ko'])('write no kana in the %s strings', (locale) => {
    const kana = Object.entries(LOCALES[locale] ?? {}).filter(
      ([key, text]) => KANA.test(text) && !SHOWS_KANA_ON_PURPOSE.has(key),
    );
    expect(kana).toEqual([]);
  });
});

describe('the words around a link', () => {
  // `{x}.before`, the link, `{x}.after` are written one after the other: a language with spaces between
  // words needs the space in the strings ("read our terms", "주문 전에 이용약관을"), not "ourterms".
  const befores = (locale: string) =>
    Object.entries(LOCALES[locale] ?? {}).filter(([key]) => key.endsWith('.before'));

  it.each(['en', 'ko'])('leave a space before the link in %s', (locale) => {
    const joined = befores(locale).filter(([, text]) => text !== '' && !text.endsWith(' '));
    expect(befores(locale).length).toBeGreaterThan(0);
    expect(joined).toEqual([]);
  });
});
