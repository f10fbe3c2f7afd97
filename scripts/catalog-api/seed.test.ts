import { createApp } from './app.ts';
import { testConfig } from './config.ts';
import { TENANTS } from './i18n-data.ts';
import { generateProduct, mulberry32, seed } from './seed.ts';
import { Client, emptyDatabase, query } from './test-helpers.ts';

interface ProductBody {
  id: number;
  title: string;
  descriptionHtml: string;
  images: { id: number; src: string }[];
  videoSrc: string | null;
  tags: { id: number; name: string }[];
  areas: number[];
  stockInShop: number;
  tenant: { id: number; name: string; officialSiteUrl: string | null };
  variants: {
    id: number;
    title: string;
    price: number;
    compareAtPrice: number | null;
    isSale: boolean;
    totalStock: number;
    stockInShop: number;
    imageId: number | null;
    image: { id: number; src: string } | null;
    options: { name: string; value: string; displayName: string; displayValue: string }[];
  }[];
}

async function everything(products: number, lang = 'ja') {
  const database = await emptyDatabase();
  await seed(database, { products });
  const client = new Client(await createApp({ database, config: testConfig() }));
  const dump: unknown[] = [];
  for (const path of ['/catalog/areas', '/catalog/products-filters'])
    dump.push((await client.call('GET', path)).body);
  let page = 1;
  let list: ProductBody[] = [];
  for (;;) {
    const body = (await client.call('GET', `/catalog/products?size=100&page=${page}&lang=${lang}`)).body as {
      products: ProductBody[];
    };
    if (body.products.length === 0) break;
    list = list.concat(body.products);
    page += 1;
  }
  dump.push(list);
  await database.close();
  return { dump, products: list };
}

describe('mulberry32', () => {
  test('is deterministic', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(seqA.every((n) => n >= 0 && n < 1)).toBe(true);
  });
});

describe('the seed', () => {
  test('two seeds give identical JSON', async () => {
    const first = await everything(100);
    const second = await everything(100);
    expect(JSON.stringify(second.dump)).toBe(JSON.stringify(first.dump));
    expect(first.products).toHaveLength(100);
  });

  test('a product is the same whatever the catalogue size', () => {
    expect(generateProduct(37, 500, 900)).toEqual(generateProduct(37, 500, 900));
  });

  test('scales to 10,000 products', async () => {
    const database = await emptyDatabase();
    const result = await seed(database, { products: 10_000 });
    expect(result.products).toBe(10_000);
    expect(await query(database.db, 'SELECT COUNT(*) AS n FROM products')).toEqual([{ n: 10_000 }]);
    expect(await query(database.db, 'SELECT MAX(id) AS n FROM products')).toEqual([{ n: 10_000 }]);
    const app = await createApp({ database, config: testConfig() });
    const page = await new Client(app).call('GET', '/catalog/products?size=100&page=100');
    const body = page.body as { products: { id: number }[]; count: number };
    expect(body.count).toBe(10_000);
    expect(body.products.map((p) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => 9_901 + i));
    await database.close();
  }, 120_000);

  describe('the demo catalogue', () => {
    let products: ProductBody[];
    let areas: { id: number; place: string; description: string; imageSrc: string }[];
    let tenants: { id: number; name: string; officialSiteUrl: string | null; logoSrc: string }[];

    beforeAll(async () => {
      const all = await everything(100);
      products = all.products;
      areas = all.dump[0] as typeof areas;
      tenants = all.dump[1] as typeof tenants;
    });

    test('4 areas (BASE A–D) and 12 tenants with logos and Japanese names', () => {
      expect(areas.map((a) => [a.id, a.place])).toEqual([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
        [4, 'd'],
      ]);
      expect(areas.every((a) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(a.description))).toBe(true);
      expect(tenants).toHaveLength(12);
      expect(tenants.every((t) => t.logoSrc.endsWith(`/images/tenants/${t.id}.png`))).toBe(true);
      expect(tenants.filter((t) => t.officialSiteUrl === null)).toHaveLength(1);
      expect(
        tenants.every(
          (t) => t.officialSiteUrl === null || /^https:\/\/[a-z-]+\.example\.jp\/$/.test(t.officialSiteUrl),
        ),
      ).toBe(true);
    });

    test('every product is in one or two areas, and every tenant has products', () => {
      expect(products.every((p) => p.areas.length >= 1 && p.areas.length <= 2)).toBe(true);
      const twoAreas = products.filter((p) => p.areas.length === 2).map((p) => p.id);
      expect(twoAreas).toEqual(Array.from({ length: 13 }, (_, i) => 3 + i * 8));
      expect(new Set(products.map((p) => p.tenant.id)).size).toBe(12);
    });

    test('1–6 variants, realistic yen prices, sales only when compareAtPrice > price', () => {
      const variants = products.flatMap((p) => p.variants);
      expect(products.every((p) => p.variants.length >= 1 && p.variants.length <= 6)).toBe(true);
      expect(variants.every((v) => Number.isInteger(v.price) && v.price >= 1_000 && v.price <= 33_000)).toBe(
        true,
      );
      expect(
        variants.every((v) => v.isSale === (v.compareAtPrice !== null && v.compareAtPrice > v.price)),
      ).toBe(true);
      const sales = variants.filter((v) => v.isSale).length / variants.length;
      expect(sales).toBeGreaterThan(0.1);
      expect(sales).toBeLessThan(0.3);
      expect(variants.some((v) => v.compareAtPrice !== null && !v.isSale)).toBe(true);
      expect(variants.every((v) => v.stockInShop <= v.totalStock)).toBe(true);
      expect(variants.some((v) => v.totalStock === 0)).toBe(true);
      expect(products.every((p) => p.stockInShop === p.variants.reduce((s, v) => s + v.stockInShop, 0))).toBe(
        true,
      );
      expect(
        products.some((p) => new Set(p.variants.flatMap((v) => v.options.map((o) => o.name))).size === 2),
      ).toBe(true);
    });

    test('variant images point to one of the product images', () => {
      const withImage = products.flatMap((p) =>
        p.variants.filter((v) => v.imageId !== null).map((v) => [p, v] as const),
      );
      expect(withImage.length).toBeGreaterThan(10);
      for (const [product, variant] of withImage) {
        expect(product.images.map((i) => i.id)).toContain(variant.imageId);
        expect(variant.image?.id).toBe(variant.imageId);
      }
    });

    test('product 2: one option value is sold out in every variant having it', () => {
      const product = products.find((p) => p.id === 2);
      const values = new Map<string, number[]>();
      for (const v of product?.variants ?? []) {
        for (const o of v.options) {
          const key = `${o.name}=${o.value}`;
          values.set(key, [...(values.get(key) ?? []), v.totalStock]);
        }
      }
      const soldOut = [...values].filter(([, stocks]) => stocks.every((s) => s === 0));
      expect(soldOut.length).toBeGreaterThanOrEqual(1);
      expect(product?.variants.some((v) => v.totalStock > 0)).toBe(true);
    });

    test('product 6: every variant is sold out', () => {
      const product = products.find((p) => p.id === 6);
      expect(product?.variants.every((v) => v.totalStock === 0 && v.stockInShop === 0)).toBe(true);
    });

    test('product 13 carries hostile HTML for the sanitiser', () => {
      const html = products.find((p) => p.id === 13)?.descriptionHtml ?? '';
      expect(html).toContain('<script>');
      expect(html).toContain('onerror=');
    });

    test('descriptions are HTML with paragraphs, lists and emphasis; some are long', () => {
      expect(products.every((p) => p.descriptionHtml.startsWith('<p>'))).toBe(true);
      expect(products.every((p) => p.descriptionHtml.includes('<ul>'))).toBe(true);
      expect(products.filter((p) => p.descriptionHtml.includes('<strong>')).length).toBe(100);
      const lengths = products.map((p) => p.descriptionHtml.length).sort((a, b) => a - b);
      const median = lengths[50] ?? 0;
      const long = products.filter((p) => p.id % 12 === 5);
      expect(long).toHaveLength(8);
      expect(long.every((p) => p.descriptionHtml.length > median * 1.5)).toBe(true);
    });

    test('images: 1–4 per product, a couple with none; four videos; about ten tags', () => {
      expect(products.filter((p) => p.images.length === 0).map((p) => p.id)).toEqual([9, 31, 59, 81]);
      expect(products.every((p) => p.images.length <= 4)).toBe(true);
      expect(products.filter((p) => p.videoSrc !== null).map((p) => p.id)).toEqual([4, 29, 54, 79]);
      const tags = new Set(products.flatMap((p) => p.tags.map((t) => t.name)));
      expect(tags.size).toBeGreaterThanOrEqual(10);
      expect(tags).toContain('季節限定');
      expect(tags).toContain('内祝い');
    });
  });

  test('texts are translated with lang (title, description, option labels, the brand name where the data has it)', async () => {
    const ja = (await everything(20, 'ja')).products;
    for (const lang of ['en', 'zh', 'ko'] as const) {
      const other = (await everything(20, lang)).products;
      let sameTitles = 0;
      for (const [index, product] of other.entries()) {
        const original = ja[index];
        expect(product.id).toBe(original?.id);
        if (product.title === original?.title) sameTitles += 1;
        expect(product.descriptionHtml).not.toBe(original?.descriptionHtml);
        const translated = TENANTS.find((tenant) => tenant.name === original?.tenant.name)?.names[lang];
        expect(product.tenant.name).toBe(translated ?? original?.tenant.name);
        expect(product.variants.map((v) => v.price)).toEqual(original?.variants.map((v) => v.price));
        expect(product.variants.map((v) => v.options.map((o) => o.value))).toEqual(
          original?.variants.map((v) => v.options.map((o) => o.value)),
        );
      }
      // Chinese may legitimately share a title with Japanese (宇治抹茶), English and Korean never.
      expect(sameTitles).toBeLessThanOrEqual(lang === 'zh' ? 5 : 0);
      const labels = new Set(
        other.flatMap((p) => p.variants.flatMap((v) => v.options.map((o) => o.displayName))),
      );
      const jaLabels = new Set(
        ja.flatMap((p) => p.variants.flatMap((v) => v.options.map((o) => o.displayName))),
      );
      expect([...labels].some((l) => !jaLabels.has(l))).toBe(true);
    }
    expect(ja.every((p) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(p.title))).toBe(true);
  });
});
