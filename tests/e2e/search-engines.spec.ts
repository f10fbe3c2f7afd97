/**
 * What search engines read, from the HTML as served (no JavaScript runs in a crawler's first pass): one
 * canonical URL per product, the sitemap of those URLs with their dates, breadcrumbs and sale prices in
 * structured data, descriptions whose list items stay apart, and a robots.txt that lets crawlers read the
 * noindex of per-visitor pages.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Product } from '../../src/lib/catalog/types.ts';
import { formatPrice } from '../../src/lib/format/price.ts';
import { apiProducts } from './fixtures/browse.ts';
import { expect, test } from './fixtures/test.ts';

/** The page's HTML as served, and its JSON-LD blocks. */
async function served(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return { html, jsonLd, canonical };
}

/** Every URL path the sitemap lists, with its lastmod. */
async function sitemapEntries(request: APIRequestContext) {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const entries: { path: string; lastmod: string | undefined }[] = [];
  for (const [, file] of index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)) {
    const xml = await (await request.get(new URL(file ?? '').pathname)).text();
    for (const [, url, lastmod] of xml.matchAll(
      /<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g,
    )) {
      entries.push({ path: new URL(url ?? '').pathname, lastmod });
    }
  }
  return entries;
}

test.describe('one URL per product', () => {
  let inSeveralAreas: Product;
  test.beforeAll(async ({ request }) => {
    const products = await apiProducts(request);
    const found = products.find((product) => product.areas.length > 1);
    if (!found) throw new Error('the seed has no product in several areas');
    inSeveralAreas = found;
  });

  test('every area page of a product in several areas names its first area page as canonical', async ({
    request,
    baseURL,
  }) => {
    const [first, ...others] = inSeveralAreas.areas;
    const canonical = `${baseURL}/area/${first}/products/${inSeveralAreas.id}/`;
    for (const areaId of [first, ...others]) {
      const page = await served(request, `/area/${areaId}/products/${inSeveralAreas.id}/`);
      expect(page.canonical, `area ${areaId}`).toBe(canonical);
      expect(page.html).toContain(`<meta property="og:url" content="${canonical}">`);
      const product = page.jsonLd.find((data) => data['@type'] === 'Product');
      expect(product?.url).toBe(canonical);
      // The trail search engines show leads to the canonical page, through its area.
      const trail = page.jsonLd.find((data) => data['@type'] === 'BreadcrumbList');
      expect(trail?.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'ホーム', item: `${baseURL}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: expect.stringMatching(/^BASE [A-D]$/),
          item: `${baseURL}/area/${first}/`,
        },
        { '@type': 'ListItem', position: 3, name: inSeveralAreas.title, item: canonical },
      ]);
    }
  });

  test('the sitemap lists only canonical product URLs, each page with its date', async ({ request }) => {
    const entries = await sitemapEntries(request);
    const paths = entries.map((entry) => entry.path);
    const [first, ...others] = inSeveralAreas.areas;
    expect(paths).toContain(`/area/${first}/products/${inSeveralAreas.id}/`);
    for (const areaId of others)
      expect(paths).not.toContain(`/area/${areaId}/products/${inSeveralAreas.id}/`);
    // Each product once.
    const products = paths.flatMap((path) => /^\/area\/\d+\/products\/(\d+)\/$/.exec(path)?.[1] ?? []);
    expect(new Set(products).size).toBe(products.length);
    expect(products.length).toBe((await apiProducts(request)).length);
    for (const entry of entries) expect(entry.lastmod, entry.path).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
  });
});

test.describe('what a crawler reads of a product page', () => {
  test('a sale price with its regular price struck through, in the HTML and in JSON-LD', async ({
    request,
  }) => {
    const products = await apiProducts(request);
    // A product led by a variant on sale: the cheapest one in stock.
    const onSale = products.find((product) => {
      const lead = [...product.variants]
        .sort((a, b) => a.price - b.price)
        .find((variant) => variant.totalStock > 0);
      return lead && lead.compareAtPrice !== null && lead.compareAtPrice > lead.price;
    });
    if (!onSale) throw new Error('the seed has no product led by a sale');
    const page = await served(request, `/area/${onSale.areas[0]}/products/${onSale.id}/`);
    const lead = [...onSale.variants]
      .sort((a, b) => a.price - b.price)
      .find((variant) => variant.totalStock > 0);
    const regular = `¥${(lead?.compareAtPrice ?? 0).toLocaleString('en')}`;
    expect(page.html).toContain(`<s data-compare-amount>${regular}</s>`);
    const offers = page.jsonLd.find((data) => data['@type'] === 'Product')?.offers as Record<
      string,
      unknown
    >[];
    const offer = offers.find((each) => each.sku === lead?.sku);
    expect(offer?.priceSpecification).toContainEqual({
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/StrikethroughPrice',
      price: lead?.compareAtPrice,
      priceCurrency: 'JPY',
    });
  });

  test("another variant's sale price with its regular price struck through, in the HTML", async ({
    request,
  }) => {
    const products = await apiProducts(request);
    const onSale = (variant: Product['variants'][number]) =>
      variant.compareAtPrice !== null && variant.compareAtPrice > variant.price;
    // The page's first choice: the cheapest variant in stock, else the cheapest.
    const firstChoice = (product: Product) => {
      const byPrice = [...product.variants].sort((a, b) => a.price - b.price);
      return byPrice.find((variant) => variant.totalStock > 0) ?? byPrice[0];
    };
    const product = products.find((each) =>
      each.variants.some((variant) => variant !== firstChoice(each) && onSale(variant)),
    );
    if (!product) throw new Error('the seed has no product with a sale on a variant other than the first');
    const other = product.variants.find((variant) => variant !== firstChoice(product) && onSale(variant));
    const page = await served(request, `/area/${product.areas[0]}/products/${product.id}/`);
    const prices =
      /<details[^>]*><summary[^>]*><span>すべての価格<\/span>.*?<\/summary>(.*?)<\/details>/s.exec(
        page.html,
      )?.[1];
    expect(prices, "the list of every variant's price").toBeDefined();
    expect(prices).toContain(formatPrice(other?.price ?? 0));
    expect(prices).toContain(
      `<s data-compare-amount>¥${(other?.compareAtPrice ?? 0).toLocaleString('en')}</s>`,
    );
  });

  test('a description keeps its list items apart in meta, Open Graph and JSON-LD', async ({ request }) => {
    const products = await apiProducts(request);
    const listed = products.find((product) => /<\/li>\s*<li>/.test(product.descriptionHtml));
    if (!listed) throw new Error('the seed has no description with a list');
    const page = await served(request, `/area/${listed.areas[0]}/products/${listed.id}/`);
    const meta = /<meta name="description" content="([^"]*)"/.exec(page.html)?.[1] ?? '';
    const og = /<meta property="og:description" content="([^"]*)"/.exec(page.html)?.[1] ?? '';
    const data = page.jsonLd.find((each) => each['@type'] === 'Product')?.description as string;
    // Two list items in a row: the first's text, a space, the second's.
    const items = [...listed.descriptionHtml.matchAll(/<li>(.*?)<\/li>/g)].map((match) =>
      (match[1] ?? '').replace(/<[^>]+>/g, ''),
    );
    const joined = `${items[0]} ${items[1]?.slice(0, 3)}`;
    expect(data).toContain(joined);
    expect(meta.startsWith(data.slice(0, 20))).toBe(true);
    expect(og).toBe(meta);
    expect(data).not.toContain(`${items[0]}${items[1]?.slice(0, 3)}`);
  });

  test('robots.txt lets crawlers read the noindex of the bag and the wishlist', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).not.toMatch(/Disallow: \/(cart|wishlist|qr|order|address)\//);
    expect(robots).toContain('Disallow: /_build/');
    for (const path of ['/cart/', '/wishlist/']) {
      expect((await served(request, path)).html).toContain('<meta name="robots" content="noindex">');
    }
  });
});
