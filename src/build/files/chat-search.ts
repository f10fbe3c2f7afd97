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
import { FALLBACK_IMAGE_SRC } from '../../lib/images.ts';
import { urlGuard } from '../catalogue/catalogue-check.ts';
import { fetchAllProducts } from '../catalogue/loaders.ts';

/** The languages with a search index: chat mode's. */
export const SEARCH_LANGUAGES: readonly ChatLanguage[] = ['en', 'zh', 'ko'];

/** What the index takes from the build's Japanese catalogue. */
export interface JapaneseCatalogue {
  /** Each product's Japanese title by id (japaneseTitlesOf). */
  titles: ReadonlyMap<number, string>;
  tenants: readonly Tenant[];
}

/**
 * A language's index. Its URLs pass the catalogue's URL rule (urlGuard: only http and https; the Japanese
 * load already warned about the same products), and it holds only the products the build's Japanese
 * catalogue does (`titles`): one the snapshot leaves out, in no area, has no page to find.
 */
export async function chatSearchJson(language: ChatLanguage, japanese: JapaneseCatalogue): Promise<string> {
  const guard = urlGuard(FALLBACK_IMAGE_SRC, []);
  const products = await fetchAllProducts(catalogClient(), undefined, language, (product) =>
    searchProduct(guard.product(product), japanese.titles),
  );
  const listed = products.filter((product) => japanese.titles.has(product.id));
  return JSON.stringify(searchIndexOf(language, listed, japanese.tenants));
}
