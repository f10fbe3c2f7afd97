/**
 * `/chat/search/{en,zh,ko}.json`: what chat's type-to-find searches, per language (search-index.ts). The
 * products in the language come from the catalog API at build time (its `lang`), checked as the
 * catalogue's own are; the Japanese titles from the build's checked catalogue (its snapshot) and the brands
 * from its collection.
 */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { catalogueProducts } from '../../../features/catalogue/catalogue-data.ts';
import type { ChatLanguage } from '../../../features/chat/language.ts';
import { japaneseTitlesOf, searchIndexOf, searchProduct } from '../../../features/chat/search-index.ts';
import { catalogClient } from '../../../lib/catalog/client.ts';
import { fetchAllProducts } from '../../../lib/catalog/loaders.ts';

export function getStaticPaths() {
  return (['en', 'zh', 'ko'] as const).map((lang) => ({ params: { lang } }));
}

export const GET: APIRoute = async ({ params }) => {
  const language = params.lang as ChatLanguage;
  const japaneseTitles = japaneseTitlesOf(
    catalogueProducts().map(({ id, card }) => ({ id, title: card.title })),
  );
  // Each product in the language is cut down to its index entry as its page arrives: the catalogue is
  // never held a second time as products (three languages render at once).
  const [tenants, products] = await Promise.all([
    getCollection('tenants'),
    fetchAllProducts(catalogClient(), undefined, language, (product) =>
      searchProduct(product, japaneseTitles),
    ),
  ]);
  const index = searchIndexOf(
    language,
    products,
    tenants.map((entry) => entry.data),
  );
  return new Response(JSON.stringify(index), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
