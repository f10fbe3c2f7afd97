/**
 * A chat brand page's first page of products in each chat language, built into the page: the brand's first
 * page as the build's checked catalogue has it (the web brand page's), each product worded as the catalog
 * API words it in the language (its title and brand) and opening on the brand's chat page. The island
 * starts its list from the visitor's language's page, so the page lists the products, and their pictures
 * load, before any script runs; only the next pages come from the API. Build-time only: it reads every
 * language's strings.
 */
import { translate } from '../../i18n/build-time.ts';
import { summaryPrice } from '../../lib/format/list-price.ts';
import { formatYen } from '../../lib/format/price.ts';
import { escapeHtml } from '../../lib/markup.ts';
import { chatProductHref } from '../../lib/routes.ts';
import { PRODUCT_GRID_CLASS } from '../../ui/ProductCard.tsx';
import { cardHtml, cardPlacesHtml } from '../../ui/product-card-html.ts';
import { type FirstPage, placesKept } from '../catalogue/index.ts';
import { CHAT_LANGUAGE_TAGS, CHAT_LANGUAGES } from './chat-languages.ts';
import type { ChatLanguage } from './language.ts';

/** A language's words for the products of the first page, by id (loaders.ts, fetchFirstPageTexts). */
export type ProductWords = ReadonlyMap<number, { title: string; tenantName: string }>;

/**
 * The first page in each chat language. A product a language's answer lacks (the catalogue changed between
 * the build's calls) keeps its Japanese words there: the page still shows it, and its picture and price.
 */
export function chatFirstPages(
  tenantId: number,
  first: FirstPage,
  words: ReadonlyMap<ChatLanguage, ProductWords>,
): Record<ChatLanguage, FirstPage> {
  const inLanguage = (language: ChatLanguage): FirstPage => ({
    count: first.count,
    products: first.products.map((product) => ({
      ...product,
      ...words.get(language)?.get(product.id),
      href: chatProductHref(tenantId, product.id),
    })),
  });
  return { en: inLanguage('en'), zh: inLanguage('zh'), ko: inLanguage('ko') };
}

/** A card's price as chat's list words it (summaryPrice with chat's price words, chat-i18n.ts). */
function chatCardPrice(language: ChatLanguage, product: { price: number; maxPrice: number }): string {
  const price = translate(language, 'price.taxIncluded', { price: formatYen(product.price) });
  return product.maxPrice > product.price ? translate(language, 'price.from', { price }) : price;
}

/**
 * A text in each chat language as Say.astro writes static text, one span per language; a text that is the
 * Japanese one (a brand or title the API has in Japanese only) is marked as Japanese.
 */
function spans(text: (language: ChatLanguage) => string, japanese?: string): string {
  return CHAT_LANGUAGES.map((language) => {
    const value = text(language);
    const lang = value === japanese ? 'ja' : CHAT_LANGUAGE_TAGS[language];
    return `<span data-l="${language}" lang="${lang}">${escapeHtml(value)}</span>`;
  }).join('');
}

/**
 * The grid of the first page's cards in every chat language (the list island's, ProductList.tsx, with the
 * visitor's words shown by CSS), the first card's picture loaded first: the page's largest paint. After the
 * cards, the places the island keeps for the products still to come.
 */
export function chatProductGridHtml(pages: Record<ChatLanguage, FirstPage>, japanese: FirstPage): string {
  // The pages differ only in their words (chatFirstPages): English's cards give the rest.
  const items = pages.en.products.map((card, index) => {
    const japaneseWords = japanese.products[index] ?? card;
    const compareAt = summaryPrice(card).compareAt;
    const words = {
      tenantName: spans(
        (language) => pages[language].products[index]?.tenantName ?? '',
        japaneseWords.tenantName,
      ),
      title: spans((language) => pages[language].products[index]?.title ?? '', japaneseWords.title),
      price: spans((language) => chatCardPrice(language, card)),
      compareAt: compareAt === undefined ? undefined : escapeHtml(compareAt),
      sale: spans((language) => translate(language, 'product.sale')),
      soldOut: spans((language) => translate(language, 'product.soldOut')),
      regularPrice: spans((language) => translate(language, 'product.regularPrice')),
    };
    return `<li>${cardHtml(card, words, index === 0)}</li>`;
  });
  const places = cardPlacesHtml(placesKept(pages.en.count, pages.en.products.length));
  return `<ul class="${PRODUCT_GRID_CLASS}" data-testid="product-list">${items.join('')}${places}</ul>`;
}
