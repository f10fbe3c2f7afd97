// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/build-time.ts';
import { setPriceWords } from '../../lib/format/price.ts';
import { domTree } from '../../ui/dom-tree.ts';
import { ProductCardGrid } from '../../ui/ProductCard.tsx';
import { ProductList } from '../catalogue/components.ts';
import type { ProductSummary } from '../product/index.ts';
import { chatFirstPages, chatProductGridHtml } from './brand-first-page.ts';
import { CHAT_LANGUAGES } from './chat-languages.ts';
import type { ChatLanguage } from './language.ts';

const summary = (id: number, overrides: Partial<ProductSummary> = {}): ProductSummary => ({
  id,
  areaId: 2,
  title: `水ようかん ${id}`,
  tenantName: '老舗和菓子店',
  imageSrc: `https://img.example.jp/products/${id}.jpg`,
  price: 3240,
  maxPrice: 3240,
  compareAtPrice: null,
  onSale: false,
  soldOut: false,
  href: `/area/2/products/${id}/`,
  ...overrides,
});

/** The web brand page's first page of brand 7: a plain card, a price range, a sale, a sold-out one. */
const japanese = {
  count: 14,
  products: [
    summary(1),
    summary(2, { maxPrice: 5400 }),
    summary(3, { onSale: true, compareAtPrice: 4000, price: 3000 }),
    summary(4, { soldOut: true, imageSrc: null }),
  ],
};

const words = (language: ChatLanguage, ids: number[]) =>
  new Map(ids.map((id) => [id, { title: `${language} <sweet> ${id}`, tenantName: `${language} & shop` }]));

/** Chat's price words in `language`, as chat-i18n.ts installs them. */
function installPriceWords(language: ChatLanguage): void {
  setPriceWords({
    taxIncluded: (price) => translate(language, 'price.taxIncluded', { price }),
    from: (price) => translate(language, 'price.from', { price }),
  });
}

afterEach(() => {
  setPriceWords({ taxIncluded: (yen) => `${yen}（税込）`, from: (price) => `${price}〜` });
});

/** The markup as a visitor in `language` reads it: the other languages' spans gone, the language's unwrapped. */
function shownIn(html: string, language: ChatLanguage): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const span of template.content.querySelectorAll(`[data-l]:not([data-l="${language}"])`)) span.remove();
  for (const span of template.content.querySelectorAll(`[data-l="${language}"]`))
    span.replaceWith(...span.childNodes);
  return template.innerHTML;
}

describe("a chat brand page's first page", () => {
  it('words each product as the API does in each language, opening on the brand’s chat page', () => {
    const pages = chatFirstPages(7, japanese, new Map([['en', words('en', [1, 2, 3, 4])]]));
    expect(pages.en.count).toBe(14);
    expect(pages.en.products[0]).toEqual({
      ...summary(1),
      title: 'en <sweet> 1',
      tenantName: 'en & shop',
      href: '/chat/brands/7/?product=1',
    });
    // A language whose answer lacks a product keeps its Japanese words there.
    expect(pages.zh.products[1]).toEqual({
      ...summary(2, { maxPrice: 5400 }),
      href: '/chat/brands/7/?product=2',
    });
  });

  it("has, in each language, the DOM tree of the island's cards in it, prices worded as chat words them", () => {
    const pages = chatFirstPages(
      7,
      japanese,
      new Map(CHAT_LANGUAGES.map((language) => [language, words(language, [1, 2, 3, 4])])),
    );
    const html = chatProductGridHtml(pages, japanese);
    for (const language of CHAT_LANGUAGES) {
      installPriceWords(language);
      const island = renderToString(
        createElement(ProductCardGrid, { products: pages[language].products, labels: labelsIn(language) }),
      );
      // The places after the cards: the next test.
      expect(domTree(withoutPlaces(shownIn(html, language)))).toBe(domTree(island));
    }
  });

  it("keeps the places of the products still to come as the island's list does: taking over moves nothing", () => {
    for (const count of [14, 4, 100]) {
      const pages = chatFirstPages(7, { ...japanese, count }, new Map());
      const island = renderToString(
        createElement(ProductList, {
          listKey: 'chat-brand:7',
          tenantIds: [7],
          first: pages.en,
          lang: 'en',
          linkTo: 'chat',
          labels: listLabelsIn('en'),
        }),
      );
      expect(places(chatProductGridHtml(pages, { ...japanese, count })), String(count)).toEqual(
        places(island),
      );
      expect(places(island), String(count)).toHaveLength({ 14: 10, 4: 0, 100: 30 }[count] ?? -1);
    }
  });

  it('marks a word the API has in Japanese only as Japanese', () => {
    const pages = chatFirstPages(7, japanese, new Map());
    expect(chatProductGridHtml(pages, japanese)).toContain('<span data-l="ko" lang="ja">水ようかん 1</span>');
  });
});

/** The markup without the list's places for products to come. */
function withoutPlaces(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const item of template.content.querySelectorAll('li[aria-hidden="true"]')) item.remove();
  return template.innerHTML;
}

/** The list's places for products to come (the grid's empty, hidden items), as markup. */
function places(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const grid = template.content.querySelector('[data-testid="product-list"]');
  return [...(grid?.children ?? [])]
    .filter((item) => item.getAttribute('aria-hidden') === 'true')
    .map((item) => item.outerHTML);
}

/** The list island's labels in `language`, as ChatBrand.tsx gives them. */
function listLabelsIn(language: ChatLanguage) {
  return {
    ...labelsIn(language),
    count: (count: number) => translate(language, 'list.count', { count }),
    more: translate(language, 'list.more'),
    loading: translate(language, 'list.loading'),
    end: translate(language, 'list.end'),
    error: translate(language, 'list.error'),
    retry: translate(language, 'list.retry'),
    empty: translate(language, 'list.empty'),
  };
}

function labelsIn(language: ChatLanguage) {
  return {
    sale: translate(language, 'product.sale'),
    soldOut: translate(language, 'product.soldOut'),
    regularPrice: translate(language, 'product.regularPrice'),
  };
}
