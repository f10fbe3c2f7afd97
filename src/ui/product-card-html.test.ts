// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { FALLBACK_IMAGE_SRC } from '../lib/images.ts';
import { domTree } from './dom-tree.ts';
import { type CardProduct, PRODUCT_GRID_CLASS, ProductCardGrid } from './ProductCard.tsx';
import { productCardGridHtml } from './product-card-html.ts';

const labels = { sale: 'セール', soldOut: '売り切れ', regularPrice: '通常価格' };

const card = (id: number, overrides: Partial<CardProduct> = {}): CardProduct & { id: number } => ({
  id,
  title: `水ようかん詰め合わせ ${id}`,
  tenantName: '老舗和菓子店',
  imageSrc: `https://img.example.jp/products/${id}.jpg`,
  price: 3240,
  maxPrice: 3240,
  compareAtPrice: null,
  onSale: false,
  soldOut: false,
  href: `/area/1/products/${id}/`,
  ...overrides,
});

/** What Astro writes for the React component (its renderer renders with React's server renderer). */
const react = (products: (CardProduct & { id: number })[], labelsOf = labels) =>
  renderToString(createElement(ProductCardGrid, { products, labels: labelsOf }));

const products = [
  card(1),
  card(2, { maxPrice: 5400 }),
  card(3, { onSale: true, compareAtPrice: 4000, price: 3000 }),
  card(4, { soldOut: true, imageSrc: null }),
  card(5, { onSale: true, compareAtPrice: 2000, maxPrice: 9000, soldOut: true }),
  card(6, {
    title: `"特選" <羊羹> & 'もなか' 🎁`,
    tenantName: 'Tom & Jerry\'s "和" <菓子>',
    imageSrc: 'https://img.example.jp/p/a b.jpg?x=1&y="2"',
    href: '/area/2/products/6/?a=1&b=2',
  }),
  card(7, { imageSrc: FALLBACK_IMAGE_SRC }),
];

describe("the product cards' HTML for pages without JavaScript", () => {
  it("is the DOM tree of React's cards, for every kind of card", () => {
    expect(domTree(productCardGridHtml(products, labels))).toBe(domTree(react(products)));
    const odd = { sale: '<SALE>', soldOut: 'sold "out"', regularPrice: "R&R's" };
    expect(domTree(productCardGridHtml(products, odd))).toBe(domTree(react(products, odd)));
    expect(domTree(productCardGridHtml([], labels))).toBe(domTree(react([])));
  });

  it('fails when a card differs from React in any attribute', () => {
    const changed = productCardGridHtml([card(1)], labels).replace('loading="eager"', 'loading="lazy"');
    expect(domTree(changed)).not.toBe(domTree(react([card(1)])));
  });

  it('uses the grid classes of the React component', () => {
    expect(productCardGridHtml([card(1)], labels)).toContain(`<ul class="${PRODUCT_GRID_CLASS}"`);
  });
});
