/**
 * A language's chat search index as the site serves it, `/chat/search/{lang}.json` (search-index.ts), made
 * at build time: every product in the language from the catalog API (its `lang`), checked as the
 * catalogue's own are, with its Japanese title and every brand from the build's checked catalogue (the
 * caller's, from its snapshot). Each product is cut down to its index entry as its page of the list
 * arrives, so the catalogue is never held a second time as products.
 */

import type { ChatLanguage } from '../../features/chat/language.ts';
import { searchIndexOf, searchProduct } from '../../features/chat/search-index.ts';
import { catalogClient } from '../../lib/catalog/client.ts';
import type { Tenant } from '../../lib/catalog/types.ts';
import { fetchAllProducts } from '../catalogue/loaders.ts';

/** The languages with a search index: chat mode's. */
export const SEARCH_LANGUAGES: readonly ChatLanguage[] = ['en', 'zh', 'ko'];

/** What the index takes from the build's Japanese catalogue. */
export interface JapaneseCatalogue {
  /** Each product's Japanese title by id (japaneseTitlesOf). */
  titles: ReadonlyMap<number, string>;
  tenants: readonly Tenant[];
}

export async function chatSearchJson(language: ChatLanguage, japanese: JapaneseCatalogue): Promise<string> {
  const products = await fetchAllProducts(catalogClient(), undefined, language, (product) =>
    searchProduct(product, japanese.titles),
  );
  return JSON.stringify(searchIndexOf(language, products, japanese.tenants));
}
