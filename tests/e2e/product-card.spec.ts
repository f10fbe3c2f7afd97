import type { Page } from '@playwright/test';
import type { Product } from '../../src/lib/catalog/types.ts';
import { apiProducts, ProductPage as ProductScreen } from './fixtures/browse.ts';
import { expect, test } from './fixtures/test.ts';

/** The e2e build's tag pages hold 5 products (TAG_PAGE_SIZE in playwright.config.ts). */
const TAG_PAGE_SIZE = 5;
/** The first page of an area or brand list, as the build renders it. */
const FIRST_PAGE = 10;

const byId = (a: Product, b: Product) => a.id - b.id;
const inFirstPage = (list: Product[], product: Product) =>
  list.sort(byId).findIndex((p) => p.id === product.id) < FIRST_PAGE;

/** Where one product's card appears: its area's list, its brand's page and one of its tag pages. */
function cardPages(catalogue: Product[], product: Product) {
  const areaId = product.areas[0] as number;
  const tag = product.tags[0];
  if (!tag) return undefined;
  const inArea = catalogue.filter((p) => p.areas.includes(areaId));
  const ofBrand = catalogue.filter((p) => p.tenant.id === product.tenant.id);
  if (!inFirstPage(inArea, product) || !inFirstPage(ofBrand, product)) return undefined;
  const tagged = catalogue.filter((p) => p.tags.some((t) => t.id === tag.id)).sort(byId);
  const page = Math.floor(tagged.findIndex((p) => p.id === product.id) / TAG_PAGE_SIZE) + 1;
  return {
    productPage: `/area/${areaId}/products/${product.id}/`,
    area: `/area/${areaId}/`,
    brand: `/brands/${product.tenant.id}/`,
    tag: page === 1 ? `/product-tags/${tag.id}/` : `/product-tags/${tag.id}/page/${page}/`,
  };
}

/**
 * The card's markup as a tree of elements with their attributes in name order (a server render and a
 * browser render may write them in another order), without the image-loading hints that depend on the
 * card's place in the list.
 */
async function cardOf(page: Page, productPath: string): Promise<string> {
  const card = page.locator('article').filter({ has: page.locator(`a[href="${productPath}"]`) });
  await expect(card).toHaveCount(1);
  return card.evaluate((article) => {
    const skip = new Set(['loading', 'decoding', 'fetchpriority']);
    const write = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      const attributes = [...node.attributes]
        .filter((attribute) => !skip.has(attribute.name))
        .map((attribute) => `${attribute.name}="${attribute.value}"`)
        .sort()
        .join(' ');
      return `<${node.localName} ${attributes}>${[...node.childNodes].map(write).join('')}</${node.localName}>`;
    };
    return write(article);
  });
}

test.describe('one product card', () => {
  test('renders a sale price and a sold-out product the same on the area list, a brand page, a tag page and the wishlist', async ({
    page,
    request,
  }) => {
    const catalogue = await apiProducts(request);
    // The card strikes through the regular price of the first lowest-priced variant when it is on sale.
    const cheapestOnSale = (p: Product) => {
      const price = Math.min(...p.variants.map((v) => v.price));
      return p.variants.find((v) => v.price === price)?.isSale === true;
    };
    const soldOut = (p: Product) => p.variants.every((v) => v.totalStock === 0);
    const onSale = catalogue.find((p) => cheapestOnSale(p) && !soldOut(p) && cardPages(catalogue, p));
    const gone = catalogue.find((p) => soldOut(p) && cardPages(catalogue, p));
    expect(onSale, 'the seed has a product on sale on the first page of its area and brand').toBeDefined();
    expect(gone, 'the seed has a sold-out product on the first page of its area and brand').toBeDefined();

    for (const product of [onSale, gone] as Product[]) {
      const pages = cardPages(catalogue, product);
      if (!pages) throw new Error('unreachable');
      // Favorite it from its product page, so the wishlist shows it too.
      const screen = new ProductScreen(page);
      await page.goto(pages.productPage);
      await screen.ready();
      await screen.favorite.click();
      await expect(screen.favorite).toHaveAttribute('aria-pressed', 'true');

      const cards: Record<string, string> = {};
      for (const [name, path] of Object.entries({
        area: pages.area,
        brand: pages.brand,
        tag: pages.tag,
        wishlist: '/wishlist/',
      })) {
        await page.goto(path);
        cards[name] = await cardOf(page, pages.productPage);
      }
      expect(cards.brand).toBe(cards.area);
      expect(cards.tag).toBe(cards.area);
      expect(cards.wishlist).toBe(cards.area);

      const card = page.locator('article').filter({ has: page.locator(`a[href="${pages.productPage}"]`) });
      if (product === onSale) {
        await expect(card.getByText('セール', { exact: true })).toBeVisible();
        await expect(card.locator('s')).toHaveText(/^¥[\d,]+$/);
      } else {
        await expect(card.getByText('在庫なし', { exact: true })).toBeVisible();
      }
    }
  });
});
