/**
 * `/chat/search/{en,zh,ko}.json`: what chat's type-to-find searches, per language
 * (src/engine/files/chat-search.ts). In a build these files are written on a second thread while the
 * pages render (src/engine/files/background-files.ts), from the same function; this endpoint answers them
 * in `astro dev`.
 */

import type { APIRoute } from 'astro';
import { catalogueIndex } from '../../../engine/catalogue/catalogue-data.ts';
import { chatSearchJsons, SEARCH_LANGUAGES } from '../../../engine/files/chat-search.ts';
import { titlesOf } from '../../../features/chat/search-index.ts';

export function getStaticPaths() {
  if (!import.meta.env.DEV) return [];
  return SEARCH_LANGUAGES.map((lang) => ({ params: { lang } }));
}

export const GET: APIRoute = async ({ params }) => {
  const { products, tenants } = catalogueIndex();
  const titles = titlesOf(products.map(({ id, card }) => ({ id, title: card.title })));
  // The languages before the one asked are built too: a later one searches English names.
  for await (const { language, json } of chatSearchJsons({ titles, tenants })) {
    if (language === params.lang) {
      return new Response(json, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    }
  }
  return new Response(null, { status: 404 });
};
