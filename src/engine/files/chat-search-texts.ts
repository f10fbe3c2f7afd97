/**
 * What chat's search index finds things by besides their names (SearchTexts in
 * src/features/chat/search-index.ts), computed by the build so the browser carries none of it: a product's
 * description (its first paragraph, the product's own words; the rest is usually the brand's story), the
 * everyday words for its goods (src/features/chat/search-words.ts), and, in Chinese, every name and title in
 * traditional characters as Taiwan and Hong Kong write them (OpenCC, opencc-js), so 翠園 finds 翠园.
 */
import { Converter } from 'opencc-js/cn2t';
import type { SearchTexts } from '../../features/chat/search-index.ts';
import { everydayWordsFor } from '../../features/chat/search-words.ts';
import { plainTextOf, type SafeHtml, sanitizeDescription } from '../../lib/html.ts';
import type { ChatLanguage } from '../../lib/mode.ts';

/** The most of a description's first paragraph an index keeps. */
const MAX_DESCRIPTION = 200;

/** A paragraph's end tag as written. */
const PARAGRAPH_END = /<\/p\s*>/i;

/**
 * The plain text of a description's first paragraph (the whole description when it has none). Only the
 * markup up to the first paragraph's end tag is sanitised: what follows (usually the brand's story) is never
 * kept, and sanitising it was most of the index's work. An end tag written inside a comment or a script
 * that comes before the paragraph's own ends the paragraph there.
 */
export function firstParagraph(html: string): string {
  const written = PARAGRAPH_END.exec(html);
  const safe = sanitizeDescription(written ? html.slice(0, written.index + written[0].length) : html);
  const end = safe.indexOf('</p>');
  return plainTextOf((end < 0 ? safe : safe.slice(0, end)) as SafeHtml).slice(0, MAX_DESCRIPTION);
}

let traditional: ((text: string) => string[]) | undefined;

/** A simplified Chinese text in the traditional characters of Taiwan and Hong Kong, where they differ. */
function inTraditional(text: string): string[] {
  traditional ??= (() => {
    const taiwan = Converter({ from: 'cn', to: 'tw' });
    const hongKong = Converter({ from: 'cn', to: 'hk' });
    return (simplified: string) => [...new Set([taiwan(simplified), hongKong(simplified)])];
  })();
  return traditional(text).filter((spelling) => spelling !== text);
}

/** The build's texts for the index of `language`. */
export function chatSearchTexts(language: ChatLanguage): SearchTexts {
  return {
    product: (product) => {
      const description = firstParagraph(product.descriptionHtml);
      const words = everydayWordsFor(language, [product.title, description]);
      return [description, ...words, ...(language === 'zh' ? words.flatMap(inTraditional) : [])];
    },
    ...(language === 'zh' ? { spellings: inTraditional } : {}),
  };
}
