/**
 * Chat mode's strings: its conversation and the catalogue's words its screens show (src/i18n/index.ts loads
 * them in the chat page's language alone). What is left for chat is to word prices and dates in it, and the
 * `useTranslation()` the chat screens read `t` from.
 */
import { catalogue } from '../../i18n/catalogue/part.ts';
import { chat } from '../../i18n/chat/part.ts';
import { strings } from '../../i18n/index.ts';
import { setPriceWords } from '../../lib/format/price.ts';
import { setDateTimeLocale } from '../../lib/format/time.ts';
import type { ChatLanguage } from './language.ts';

const t = await strings(chat, catalogue);

/** Prices and dates in `language`, as the page's strings are. */
export function installChatLanguage(language: ChatLanguage): void {
  setDateTimeLocale(language === 'zh' ? 'zh-Hans' : language);
  setPriceWords({
    taxIncluded: (price) => t('price.taxIncluded', { price }),
    from: (price) => t('price.from', { price }),
  });
}

/** The chat screens' translator: the conversation's and the catalogue's strings. */
export function useTranslation(): { t: typeof t } {
  return { t };
}
