/**
 * A brand's name as chat shows it in a language: the catalog API's name for it in that language, else its
 * kana name romanised (src/lib/romaji.ts), else its Japanese name, marked as Japanese. The one rule for every
 * place chat names a brand: the search index (search-index.ts) and the brand pages built from the tenants
 * collection (BrandName.astro, ChatBrand.tsx).
 */
import { romanisedName } from '../../lib/romaji.ts';
import type { ChatLanguage } from './language.ts';

export interface ChatBrandName {
  name: string;
  /** True when `name` is the Japanese name (the API has the brand in no other form chat can show). */
  ja: boolean;
}

/** A brand's names as the API gives them in the chat languages; a language it has none in is left out. */
export type BrandNamesByLanguage = { readonly [L in ChatLanguage]?: string | undefined };

/** The name of a brand called `japanese` in a language the API names it `named` in (undefined: no name). */
export function chatBrandName(japanese: string, named: string | undefined): ChatBrandName {
  const translated = named !== undefined && named !== japanese ? named : undefined;
  const name = translated ?? romanisedName(japanese) ?? japanese;
  return { name, ja: name === japanese };
}

/** A brand's name in each chat language (chatBrandName). */
export function chatBrandNames(
  japanese: string,
  names: BrandNamesByLanguage,
): Record<ChatLanguage, ChatBrandName> {
  return {
    en: chatBrandName(japanese, names.en),
    zh: chatBrandName(japanese, names.zh),
    ko: chatBrandName(japanese, names.ko),
  };
}
