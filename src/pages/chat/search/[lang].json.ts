/**
 * `/chat/search/{en,zh,ko}.json`: what chat's type-to-find searches, per language (search-index.ts). The
 * products in the language come from the catalog API at build time (its `lang`), checked as the
 * catalogue's own are; the Japanese titles and the brands from the build's collections.
 */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import type { ChatLanguage } from '../../../features/chat/language.ts';
import { buildSearchIndex } from '../../../features/chat/search-index.ts';
import { catalogClient } from '../../../lib/catalog/client.ts';
import { fetchAllProducts } from '../../../lib/catalog/loaders.ts';

export function getStaticPaths() {
  return (['en', 'zh', 'ko'] as const).map((lang) => ({ params: { lang } }));
}

export const GET: APIRoute = async ({ params }) => {
  const language = params.lang as ChatLanguage;
  const [japanese, tenants, translated] = await Promise.all([
    getCollection('products'),
    getCollection('tenants'),
    fetchAllProducts(catalogClient(), undefined, language),
  ]);
  const index = buildSearchIndex(
    language,
    translated,
    japanese.map((entry) => entry.data),
    tenants.map((entry) => entry.data),
  );
  return new Response(JSON.stringify(index), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
