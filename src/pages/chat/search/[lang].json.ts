/**
 * `/chat/search/{en,zh,ko}.json`: what chat's type-to-find searches, per language
 * (src/build/files/chat-search.ts). In a build these files are written on a second thread while the
 * pages render (src/build/files/background-files.ts), from the same function; this endpoint answers them
 * in `astro dev`.
 */

import type { APIRoute } from 'astro';
import { catalogueIndex } from '../../../build/catalogue/catalogue-data.ts';
import { chatSearchJson, SEARCH_LANGUAGES } from '../../../build/files/chat-search.ts';
import type { ChatLanguage } from '../../../features/chat/language.ts';
import { japaneseTitlesOf } from '../../../features/chat/search-index.ts';

export function getStaticPaths() {
  if (!import.meta.env.DEV) return [];
  return SEARCH_LANGUAGES.map((lang) => ({ params: { lang } }));
}

export const GET: APIRoute = async ({ params }) => {
  const { products, tenants } = catalogueIndex();
  const titles = japaneseTitlesOf(products.map(({ id, card }) => ({ id, title: card.title })));
  return new Response(await chatSearchJson(params.lang as ChatLanguage, { titles, tenants }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
