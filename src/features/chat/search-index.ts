/**
 * Type-to-find in chat: the brands and products a visitor can reach by name, in their language and in
 * Japanese, built once per language at build time (/chat/search/{lang}.json) and searched in the browser.
 * Names are compared the cheap way (NFKC, lower case, katakana as hiragana, no spaces, Latin accents
 * dropped), so `ﾏｯﾁｬ` finds `マッチャ` and `creme` finds `Crème`; kanji readings and romaji are not known.
 */

import type { Product, Tenant } from '../../lib/catalog/types.ts';
import { chatProductHref } from '../../lib/routes.ts';
import type { CardProduct } from '../../ui/ProductCard.tsx';
import { normalizeForSearch } from '../catalogue/index.ts';
import { productCard } from '../product/index.ts';
import type { ChatLanguage } from './language.ts';

export interface SearchBrand {
  id: number;
  /** The brand's name (a proper name, as the store writes it). */
  name: string;
  logoSrc: string;
}

export interface SearchProduct extends CardProduct {
  id: number;
  tenantId: number;
  /** The Japanese title, searched as well: a visitor may have it from a tag or a sign in the store. */
  titleJa: string;
}

export interface SearchIndex {
  language: ChatLanguage;
  brands: SearchBrand[];
  products: SearchProduct[];
}

export interface SearchResult {
  brands: SearchBrand[];
  products: SearchProduct[];
  /** Brands and products that matched, shown or not. */
  count: number;
}

/** At most this many of each kind are shown as replies. */
const MAX_BRANDS = 4;
export const MAX_PRODUCTS = 6;

/** Each product's Japanese title by id (what searchProduct adds to a product in another language). */
export function japaneseTitlesOf(japanese: Iterable<Pick<Product, 'id' | 'title'>>): Map<number, string> {
  const titles = new Map<number, string>();
  for (const { id, title } of japanese) titles.set(id, title);
  return titles;
}

/** One product of a language's index: its card in that language, its brand and its Japanese title. */
export function searchProduct(product: Product, japaneseTitles: ReadonlyMap<number, string>): SearchProduct {
  const { id } = product;
  return {
    ...productCard(product),
    id,
    tenantId: product.tenant.id,
    titleJa: japaneseTitles.get(id) ?? product.title,
    href: chatProductHref(product.tenant.id, id),
  };
}

/** A language's index from its products (searchProduct) and every brand. */
export function searchIndexOf(
  language: ChatLanguage,
  products: SearchProduct[],
  tenants: readonly Tenant[],
): SearchIndex {
  return { language, brands: tenants.map(({ id, name, logoSrc }) => ({ id, name, logoSrc })), products };
}

/** The search index of a language: `translated` are the products in it, `japanese` the same in Japanese. */
export function buildSearchIndex(
  language: ChatLanguage,
  translated: readonly Product[],
  japanese: readonly Product[],
  tenants: readonly Tenant[],
): SearchIndex {
  const japaneseTitles = japaneseTitlesOf(japanese);
  return searchIndexOf(
    language,
    translated.map((product) => searchProduct(product, japaneseTitles)),
    tenants,
  );
}

/** A text in the form searches compare: normalizeForSearch, and Latin letters without their accents. */
export function searchKey(text: string): string {
  return normalizeForSearch(
    text
      .normalize('NFKC')
      .replace(/[A-Za-zÀ-ɏ]+/g, (word) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '')),
  );
}

/** The words of a query, each in search form; empty when nothing searchable was typed. */
export function queryWords(query: string): string[] {
  return query
    .split(/[\s\u3000,、，]+/)
    .map(searchKey)
    .filter((word) => word.length > 0);
}

/** Brands whose name, and products whose title (either language) or brand, hold every word of the query. */
export function search(index: SearchIndex, query: string): SearchResult {
  const words = queryWords(query);
  if (words.length === 0) return { brands: [], products: [], count: 0 };
  const matches = (text: string) => {
    const key = searchKey(text);
    return words.every((word) => key.includes(word));
  };
  const brands = index.brands.filter((brand) => matches(brand.name));
  const products = index.products.filter((p) => matches(`${p.title} ${p.titleJa} ${p.tenantName}`));
  return {
    brands: brands.slice(0, MAX_BRANDS),
    products: products.slice(0, MAX_PRODUCTS),
    count: brands.length + products.length,
  };
}

/** True when a value (the index as fetched) has the index's shape; a broken file is not searched. */
export function isSearchIndex(value: unknown): value is SearchIndex {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.brands) && Array.isArray(v.products) && typeof v.language === 'string';
}
