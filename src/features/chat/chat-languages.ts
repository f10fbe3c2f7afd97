/** The languages chat mode speaks (the type is the mode's, src/lib/mode.ts), in the order pages list them. */
import type { ChatLanguage } from '../../lib/mode.ts';

export const CHAT_LANGUAGES: readonly ChatLanguage[] = ['en', 'zh', 'ko'];

/** Each chat language's tag in `lang` attributes (Chinese is written in simplified characters). */
export const CHAT_LANGUAGE_TAGS: Readonly<Record<ChatLanguage, string>> = {
  en: 'en',
  zh: 'zh-Hans',
  ko: 'ko',
};
