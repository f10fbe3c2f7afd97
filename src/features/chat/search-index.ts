/**
 * Type-to-find in chat: the brands and products a visitor can reach by name, built once per language at build
 * time (/chat/search/{lang}.json) and searched in the browser. A brand is found by its name in the visitor's
 * language, in English, in Japanese and in Latin letters (its kana romanised); a product by its title in the
 * visitor's language, in English and in Japanese (kana romanised too), and by its brand's names, so `coffee`
 * finds a coffee roaster's products in every language. Names are compared the cheap way (NFKC, lower case,
 * katakana as hiragana, no spaces, Latin accents dropped, `ou` and doubled vowels as one), so `ﾏｯﾁｬ` finds
 * `マッチャ`, `Lumiere` finds `Lumière` and `Kougetsudo` finds `Kōgetsudō`; in Korean, ツ is one sound
 * however it is written (쓰, the standard, 츠 or 쯔) and so is タオル (타월, 타올). Kanji readings are not
 * known. The build adds what the browser cannot compute cheaply (SearchTexts): other spellings of the names
 * (Chinese in traditional characters), a product's description and the everyday words for its goods.
 * Each product's brand name and link are filled in when found, not stored once per product.
 */

import type { Product, Tenant } from '../../lib/catalog/types.ts';
import { romaniseKana } from '../../lib/romaji.ts';
import { chatProductHref } from '../../lib/routes.ts';
import type { CardProduct } from '../../ui/ProductCard.tsx';
import { normalizeForSearch } from '../catalogue/index.ts';
import { productCard } from '../product/index.ts';
import { chatBrandName } from './brand-name.ts';
import type { ChatLanguage } from './language.ts';

export interface SearchBrand {
  id: number;
  /** The name in the index's language (chatBrandName): the API's, else romanised kana, else the Japanese. */
  name: string;
  /** Set when `name` is the Japanese name (the API has it in no other form). */
  ja?: true;
  logoSrc: string;
  /** The brand's other names in search form (searchKey), space-separated: Japanese, romanised, English. */
  keys: string;
}

/** A product as the index holds it: its card without the brand name and link (its brand has them). */
interface SearchEntry extends Omit<CardProduct, 'tenantName' | 'href'> {
  id: number;
  tenantId: number;
  /** Its other titles in search form (searchKey), space-separated: Japanese, romanised, English. */
  keys: string;
  /** What tells it apart from products with the same title (its options); only when another has the title. */
  detail?: string;
}

/** A product found: its card, with what tells it apart from another of the same title when that is shown. */
interface SearchProduct extends CardProduct {
  id: number;
  tenantId: number;
  /** The language of `tenantName`: `ja` when the brand has only its Japanese name. */
  tenantLang: string;
  detail?: string;
}

export interface SearchIndex {
  language: ChatLanguage;
  brands: SearchBrand[];
  products: SearchEntry[];
}

export interface SearchResult {
  /** Every brand that matched, in the index's order. */
  brands: SearchBrand[];
  /** Every product that matched, in the index's order. */
  products: SearchProduct[];
  /** Brands and products that matched. */
  count: number;
}

/** At most this many of each kind are shown as a reply until the visitor asks for all. */
export const MAX_BRANDS = 4;
export const MAX_PRODUCTS = 6;

/**
 * What else than their names brands and products are found by, in the index's language: given by the build
 * (src/engine/files/chat-search-texts.ts), whose libraries the browser never loads.
 */
export interface SearchTexts {
  /** A product's other texts: its description's first paragraph, the everyday words for its goods. */
  product?: (product: Product) => readonly string[];
  /** Other spellings of a name or title (Chinese in traditional characters). */
  spellings?: (text: string) => readonly string[];
}

/** What an index of a language is built from besides its own products: names in Japanese and English. */
export interface OtherNames {
  /** Product id → its Japanese title. */
  japaneseTitles: ReadonlyMap<number, string>;
  /** Product id → its English title (for an index in another language). */
  englishTitles?: ReadonlyMap<number, string>;
  /** The build's other texts. */
  texts?: SearchTexts;
}

/** A product's candidate entry: the entry, and the detail kept only when another product has its title. */
export interface ProductEntry extends SearchEntry {
  options: string;
}

/** Each product's title by id. */
export function titlesOf(products: Iterable<Pick<Product, 'id' | 'title'>>): Map<number, string> {
  const titles = new Map<number, string>();
  for (const { id, title } of products) titles.set(id, title);
  return titles;
}

/** Distinct texts in search form, space-separated, leaving out those `known` (already searched) holds. */
function keysOf(texts: readonly (string | undefined)[], known: string): string {
  const keys: string[] = [];
  for (const text of texts) {
    if (text === undefined) continue;
    const key = searchKey(text);
    if (key && !known.includes(key) && !keys.some((k) => k.includes(key))) keys.push(key);
  }
  return keys.join(' ');
}

/** Each option's values in the product's language, `Box of 6, Box of 10 · Matcha, Chestnut`. */
function optionsOf(product: Product): string {
  const axes = new Map<string, string[]>();
  for (const variant of product.variants) {
    for (const option of variant.options) {
      const values = axes.get(option.name) ?? [];
      if (!values.includes(option.displayValue)) values.push(option.displayValue);
      axes.set(option.name, values);
    }
  }
  return [...axes.values()].map((values) => values.join(', ')).join(' · ');
}

/** One product of a language's index, with its names in Japanese (and English) from `names`. */
export function searchEntry(product: Product, names: OtherNames): ProductEntry {
  const { id, title } = product;
  const { tenantName: _, ...card } = productCard(product);
  const japanese = names.japaneseTitles.get(id) ?? title;
  const english = names.englishTitles?.get(id);
  const spellings = names.texts?.spellings?.(title) ?? [];
  const more = names.texts?.product?.(product) ?? [];
  return {
    ...card,
    id,
    tenantId: product.tenant.id,
    keys: keysOf([japanese, romaniseKana(japanese), english, ...spellings, ...more], searchKey(title)),
    options: optionsOf(product),
  };
}

/** A brand as the index holds it, from its Japanese tenant and its names in the language and in English. */
function searchBrand(
  tenant: Tenant,
  named: string | undefined,
  english: string | undefined,
  texts: SearchTexts,
): SearchBrand {
  const { id, name: japanese, logoSrc } = tenant;
  const { name, ja } = chatBrandName(japanese, named);
  const spellings = (named && texts.spellings?.(named)) || [];
  return {
    id,
    name,
    ...(ja ? { ja: true as const } : {}),
    logoSrc,
    keys: keysOf([japanese, romaniseKana(japanese), english, ...spellings], searchKey(name)),
  };
}

/**
 * A language's index from its products (searchEntry) and every brand, named as `brandNames` (tenant id →
 * name in the language) and `englishBrandNames` have them, and by the other spellings of `texts`. A product
 * keeps its options as its detail only when another product has its title.
 */
export function searchIndexOf(
  language: ChatLanguage,
  products: readonly ProductEntry[],
  tenants: readonly Tenant[],
  brandNames: ReadonlyMap<number, string>,
  englishBrandNames: ReadonlyMap<number, string>,
  texts: SearchTexts = {},
): SearchIndex {
  const titled = new Map<string, number>();
  for (const { title } of products) titled.set(title, (titled.get(title) ?? 0) + 1);
  return {
    language,
    brands: tenants.map((tenant) =>
      searchBrand(tenant, brandNames.get(tenant.id), englishBrandNames.get(tenant.id), texts),
    ),
    products: products.map(({ options, ...entry }) =>
      (titled.get(entry.title) ?? 0) > 1 && options ? { ...entry, detail: options } : entry,
    ),
  };
}

/** Each product's brand name by tenant id, as the products in a language carry it. */
function brandNamesOf(products: readonly Pick<Product, 'tenant'>[]): Map<number, string> {
  return new Map(products.map(({ tenant }) => [tenant.id, tenant.name]));
}

/**
 * The search index of a language: `translated` are the products in it, `japanese` the same in Japanese and
 * `english` in English (the same as `translated` for the English index); `texts` the build's other texts.
 */
export function buildSearchIndex(
  language: ChatLanguage,
  translated: readonly Product[],
  japanese: readonly Product[],
  tenants: readonly Tenant[],
  english: readonly Product[] = translated,
  texts: SearchTexts = {},
): SearchIndex {
  const names: OtherNames = {
    japaneseTitles: titlesOf(japanese),
    ...(language === 'en' ? {} : { englishTitles: titlesOf(english) }),
    texts,
  };
  return searchIndexOf(
    language,
    translated.map((product) => searchEntry(product, names)),
    tenants,
    brandNamesOf(translated),
    brandNamesOf(english),
    texts,
  );
}

/** The first Hangul syllable, and how many syllables one initial consonant spans (21 vowels × 28 finals). */
const HANGUL_START = 0xac00;
const PER_INITIAL = 588;
/** Initial consonants by their index: ㅆ, ㅉ, ㅊ; and the vowel ㅡ. */
const SS = 10;
const JJ = 13;
const CH = 14;
const EU = 18;

/**
 * Korean spellings of one Japanese sound written differently, as one: ツ is 쓰 in the standard spelling and
 * 츠 or 쯔 as people write it (츠키아카리, 쓰키아카리), and タオル is 타월 or 타올.
 */
function foldKorean(text: string): string {
  if (!/[\uac00-\ud7a3]/.test(text)) return text;
  return text
    .replace(/[\uac00-\ud7a3]/g, (syllable) => {
      const code = syllable.charCodeAt(0) - HANGUL_START;
      const initial = Math.floor(code / PER_INITIAL);
      const vowel = Math.floor((code % PER_INITIAL) / 28);
      if ((initial !== CH && initial !== JJ) || vowel !== EU) return syllable;
      return String.fromCharCode(syllable.charCodeAt(0) - (initial - SS) * PER_INITIAL);
    })
    .replace(/타올/g, '타월');
}

/**
 * A text in the form searches compare: normalizeForSearch, Latin letters without their accents, and `ou`
 * and doubled vowels as one (romanised long vowels are written several ways: Kōgetsudō, Kougetsudou).
 */
export function searchKey(text: string): string {
  return foldKorean(
    normalizeForSearch(
      text
        .normalize('NFKC')
        .replace(/[A-Za-zÀ-ɏ]+/g, (word) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '')),
    )
      .replace(/ou/g, 'o')
      .replace(/([aeiou])\1+/g, '$1'),
  );
}

/** The words of a query, each in search form; empty when nothing searchable was typed. */
export function queryWords(query: string): string[] {
  return query
    .split(/[\s\u3000,、，]+/)
    .map(searchKey)
    .filter((word) => word.length > 0);
}

/**
 * Brands whose names, and products whose titles or brand's names, hold every word of the query: all of
 * them, each product as its card. Of products sharing a title, only those shown together need their detail,
 * so a product keeps it only when another found one has its title.
 */
export function search(index: SearchIndex, query: string): SearchResult {
  const words = queryWords(query);
  if (words.length === 0) return { brands: [], products: [], count: 0 };
  const matches = (text: string) => words.every((word) => text.includes(word));
  const brandText = (brand: SearchBrand) => `${searchKey(brand.name)} ${brand.keys}`;
  const brandsById = new Map(index.brands.map((brand) => [brand.id, { brand, text: brandText(brand) }]));
  const brands = index.brands.filter((brand) => matches(brandsById.get(brand.id)?.text ?? ''));
  const found = index.products.filter((p) =>
    matches(`${searchKey(p.title)} ${p.keys} ${brandsById.get(p.tenantId)?.text ?? ''}`),
  );
  const titled = new Map<string, number>();
  for (const { title } of found) titled.set(title, (titled.get(title) ?? 0) + 1);
  const products = found.map(({ keys: _, detail, ...entry }): SearchProduct => {
    const brand = brandsById.get(entry.tenantId)?.brand;
    const product = {
      ...entry,
      tenantName: brand?.name ?? '',
      tenantLang: brand && !brand.ja ? index.language : 'ja',
      href: chatProductHref(entry.tenantId, entry.id),
    };
    return detail !== undefined && (titled.get(entry.title) ?? 0) > 1 ? { ...product, detail } : product;
  });
  return { brands, products, count: brands.length + products.length };
}

/** True when a value (the index as fetched) has the index's shape; a broken file is not searched. */
export function isSearchIndex(value: unknown): value is SearchIndex {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const keyed = (list: unknown) =>
    Array.isArray(list) &&
    list.every((item: unknown) => typeof (item as { keys?: unknown } | null)?.keys === 'string');
  return keyed(v.brands) && keyed(v.products) && typeof v.language === 'string';
}
