/**
 * Chat mode's strings. `t()` (src/i18n/index.ts) already speaks the chat page's language, whose file alone
 * was loaded; what is left for chat is to word prices and dates in it, and the `useTranslation()` the chat
 * screens read `t` from.
 */
import { t } from '../../i18n/index.ts';
import { setPriceWords } from '../../lib/format/price.ts';
import { setDateTimeLocale } from '../../lib/format/time.ts';
import type { ChatLanguage } from './language.ts';

/** Prices and dates in `language`, as the page's strings are. */
export function installChatLanguage(language: ChatLanguage): void {
  setDateTimeLocale(language === 'zh' ? 'zh-Hans' : language);
  setPriceWords({
    taxIncluded: (price) => t('price.taxIncluded', { price }),
    from: (price) => t('price.from', { price }),
  });
}

/** The chat screens' translator: the page's `t()`. */
export function useTranslation(): { t: typeof t } {
  return { t };
}
