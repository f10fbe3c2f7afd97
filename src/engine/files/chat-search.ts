/**
 * The chat search indexes as the site serves them, `/chat/search/{lang}.json` (search-index.ts), made at
 * build time: every product in each language from the catalog API (its `lang`), checked as the catalogue's
 * own are, with its Japanese title and every brand from the build's checked catalogue (the caller's, from
 * its snapshot), and the texts of chat-search-texts.ts (descriptions, everyday words, other spellings). English comes first: its titles and brand names are searched in the other languages too
 * (`coffee` in Chinese chat), so only they are kept from it. Each product is cut down to its index entry as
 * its page of the list arrives, so the catalogue is never held a second time as products.
 */

import { join } from 'node:path';
import type { ChatLanguage } from '../../features/chat/language.ts';
import {
  type OtherNames,
  type ProductEntry,
  searchEntry,
  searchIndexOf,
} from '../../features/chat/search-index.ts';
import { catalogClient } from '../../lib/catalog/client.ts';
import type { Tenant } from '../../lib/catalog/types.ts';
import { FALLBACK_IMAGE_SRC } from '../../lib/images.ts';
import { urlGuard } from '../catalogue/catalogue-check.ts';
import { fetchAllProducts } from '../catalogue/loaders.ts';
import { chatSearchTexts } from './chat-search-texts.ts';
import { entryKey, SearchEntryCache } from './search-entry-cache.ts';

/** The languages with a search index: chat mode's, English first (the others search its names). */
export const SEARCH_LANGUAGES: readonly ChatLanguage[] = ['en', 'zh', 'ko'];

/** What the index takes from the build's Japanese catalogue. */
export interface JapaneseCatalogue {
  /** Each product's Japanese title by id (titlesOf). */
  titles: ReadonlyMap<number, string>;
  tenants: readonly Tenant[];
}

/** A language's products as index entries, and the brands' names in it as its products carry them. */
interface LanguageEntries {
  entries: ProductEntry[];
  titles: Map<number, string>;
  brandNames: Map<number, string>;
}

/**
 * A language's products. Their URLs pass the catalogue's URL rule (urlGuard: only http and https; the
 * Japanese load already warned about the same products), and only the products the build's Japanese
 * catalogue holds (`titles`) are kept: one the snapshot leaves out, in no area, has no page to find.
 */
async function entriesIn(
  language: ChatLanguage,
  names: OtherNames,
  cache: SearchEntryCache | undefined,
): Promise<LanguageEntries> {
  const guard = urlGuard(FALLBACK_IMAGE_SRC, []);
  const titles = new Map<number, string>();
  const brandNames = new Map<number, string>();
  const products = await fetchAllProducts(catalogClient(), undefined, language, (product) => {
    const checked = guard.product(product);
    if (language === 'en') titles.set(checked.id, checked.title);
    brandNames.set(checked.tenant.id, checked.tenant.name);
    if (!cache) return searchEntry(checked, names);
    const key = entryKey(checked, names.japaneseTitles.get(checked.id), names.englishTitles?.get(checked.id));
    return cache.entry(key, () => searchEntry(checked, names));
  });
  return {
    entries: products.filter((product) => names.japaneseTitles.has(product.id)),
    titles,
    brandNames,
  };
}

/** Where the last build's index entries are kept (search-entry-cache.ts), and the build's inputs. */
export interface EntryCacheOptions {
  folder: string;
  inputs: string;
}

/**
 * Each language's index as JSON, in SEARCH_LANGUAGES order, one language held at a time; with `cache`, the
 * entries of products unchanged since the last build are that build's.
 */
export async function* chatSearchJsons(
  japanese: JapaneseCatalogue,
  cache?: EntryCacheOptions,
): AsyncGenerator<{ language: ChatLanguage; json: string; reused: number }> {
  let english: LanguageEntries | undefined;
  for (const language of SEARCH_LANGUAGES) {
    const texts = chatSearchTexts(language);
    const names: OtherNames = {
      japaneseTitles: japanese.titles,
      ...(english ? { englishTitles: english.titles } : {}),
      texts,
    };
    const entries = cache
      ? SearchEntryCache.open(join(cache.folder, `${language}.json`), cache.inputs)
      : undefined;
    const found = await entriesIn(language, names, entries);
    entries?.save();
    if (language === 'en') english = { ...found, entries: [] };
    const englishBrands = english?.brandNames ?? found.brandNames;
    const index = searchIndexOf(
      language,
      found.entries,
      japanese.tenants,
      found.brandNames,
      englishBrands,
      texts,
    );
    yield { language, json: JSON.stringify(index), reused: entries?.reused ?? 0 };
  }
}
