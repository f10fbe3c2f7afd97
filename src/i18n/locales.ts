/** The strings of one locale, loaded on demand: a chat page downloads only its visitor's language. */
type Messages = Record<string, string>;

const LOADERS: Record<'en' | 'zh' | 'ko', () => Promise<{ default: Messages }>> = {
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
};

/** The flat key → string map of a chat language. */
export async function loadMessages(language: 'en' | 'zh' | 'ko'): Promise<Messages> {
  return (await LOADERS[language]()).default;
}
