/**
 * The everyday words visitors type for the catalogue's goods, per chat language: a Korean visitor asks for
 * 수건 (towel) where the catalogue says 타월, for 녹차 (green tea) where it names the tea (말차, 센차). Each
 * everyday word is given to the products whose title or description holds one of its terms, when the build
 * writes the search index (src/engine/files/chat-search-texts.ts), so the browser carries no table. A term
 * is compared in search form (searchKey), so widths, case and Korean spellings do not matter.
 */
import type { ChatLanguage } from './language.ts';
import { searchKey } from './search-index.ts';

/** An everyday word and the catalogue's terms for the goods it names. */
type EverydayWord = readonly [word: string, terms: readonly string[]];

// biome-ignore format: one word and its terms a line
const EVERYDAY_WORDS: Record<ChatLanguage, readonly EverydayWord[]> = {
  en: [
    ['green tea', ['sencha', 'matcha', 'gyokuro', 'hojicha', 'genmaicha', 'green tea']],
    ['sake', ['junmai', 'ginjo', 'nihonshu', 'sake']],
    ['towel', ['towel', 'tenugui']],
    ['sweets', ['wagashi', 'yokan', 'manju', 'daifuku', 'dorayaki', 'monaka', 'castella', 'baumkuchen']],
  ],
  zh: [
    ['绿茶', ['煎茶', '抹茶', '玉露', '焙茶', '玄米茶', '绿茶']],
    ['清酒', ['纯米', '吟酿', '日本酒', '清酒']],
    ['毛巾', ['毛巾', '手巾', '浴巾']],
  ],
  ko: [
    ['수건', ['타월', '수건', '데누구이']],
    ['녹차', ['말차', '센차', '교쿠로', '호지차', '현미차', '녹차']],
    ['사케', ['준마이', '긴조', '일본주', '니혼슈', '사케']],
    ['일본술', ['준마이', '긴조', '일본주', '니혼슈', '사케']],
  ],
};

/** The words of a language with their terms in search form, made on first use. */
const keyed = new Map<ChatLanguage, readonly (readonly [string, readonly string[]])[]>();

function keyedWords(language: ChatLanguage) {
  let words = keyed.get(language);
  if (!words) {
    words = EVERYDAY_WORDS[language].map(([word, terms]) => [word, terms.map(searchKey)] as const);
    keyed.set(language, words);
  }
  return words;
}

/** The everyday words in `language` for goods described by `texts` (a title, a description). */
export function everydayWordsFor(language: ChatLanguage, texts: readonly string[]): string[] {
  const text = texts.map(searchKey).join(' ');
  return keyedWords(language)
    .filter(([, terms]) => terms.some((term) => text.includes(term)))
    .map(([word]) => word);
}
