/**
 * i18next for chat mode, loaded only on chat pages: one instance over the visitor's locale file, with the
 * catalogue's `{name}` placeholders and i18next's plural forms (`key_one` / `key_other`). Installing it
 * makes every shared screen's `t()` speak the visitor's language.
 */
import i18next, { type i18n } from 'i18next';
import { installTranslator } from '../../i18n/index.ts';
import { loadMessages } from '../../i18n/locales.ts';
import { setPriceWords } from '../../lib/format/price.ts';
import { setDateTimeLocale } from '../../lib/format/time.ts';
import type { ChatLanguage } from './language.ts';

/** An i18next instance speaking `language`, its strings loaded. */
export async function createChatI18n(language: ChatLanguage): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await loadMessages(language) } },
    // Keys are flat (`bag.count`): no nesting by dots or namespaces.
    keySeparator: false,
    nsSeparator: false,
    // The same placeholders as ja.json; React escapes what it renders.
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  return instance;
}

/** Makes `instance` the translator of every shared screen and of the price words. */
export function installChatI18n(instance: i18n): void {
  installTranslator((key, params) => instance.t(key, params));
  setDateTimeLocale(instance.language === 'zh' ? 'zh-Hans' : instance.language);
  setPriceWords({
    taxIncluded: (price) => instance.t('price.taxIncluded', { price }),
    from: (price) => instance.t('price.from', { price }),
  });
}
