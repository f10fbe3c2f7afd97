/**
 * The deterministic demo catalogue: 4 areas, 12 tenants, 11 tags and N products (100 by default).
 * Every product is generated from its own id with a seeded PRNG (mulberry32), so product 7 is the same in a
 * 100-product and a 10,000-product catalogue, and two seeds give identical data. No Math.random, no clock.
 *
 * Fixed cases the storefront's tests can rely on (for every N that reaches them):
 * - every product with id ≡ 2 (mod 40) has two option axes, and one value of the first axis is sold out in
 *   every variant having it (the option-disabling rule);
 * - every product with id ≡ 6 (mod 40) has every variant sold out;
 * - every product with id ≡ 13 (mod 100) carries hostile HTML (<script>, onerror, javascript:) in its
 *   description, for the sanitiser;
 * - products with id ≡ 9 or 31 (mod 50) have no images (the fallback image);
 * - products with id ≡ 4 (mod 25) have a video;
 * - products with id ≡ 5 (mod 12) have a long description ("read more");
 * - products with id ≡ 3 (mod 8) are in two areas.
 */
import type { Insertable } from 'kysely';
import type { Database, Tables } from './database.ts';
import {
  AREAS,
  AXES,
  type AxisSpec,
  CATEGORIES,
  type CategoryKey,
  CONTENTS_LABEL,
  HOSTILE_HTML,
  type L10n,
  LANGS,
  type Lang,
  LONG_NOTES,
  NOSHI_NOTE,
  OCCASIONS,
  PACKS,
  SEASONAL_PREFIX,
  SEASONAL_TAG_ID,
  TAGS,
  TENANTS,
} from './i18n-data.ts';
import { resetSchema } from './migrations.ts';

/** mulberry32: a tiny, fast, seedable 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} out of range`);
  return item;
}

/** A contiguous run of `n` values of a spec (with their multipliers), from a random start. */
function chooseValues(rng: () => number, spec: AxisSpec, n: number): { value: string; mult: number }[] {
  const count = Math.min(n, spec.values.length);
  const start = Math.floor(rng() * (spec.values.length - count + 1));
  const out: { value: string; mult: number }[] = [];
  for (let i = start; i < start + count; i++) out.push({ value: at(spec.values, i), mult: at(spec.mult, i) });
  return out;
}

interface SeedVariant {
  id: number;
  position: number;
  sku: string;
  price: number;
  compareAtPrice: number | null;
  stockInShop: number;
  totalStock: number;
  imageId: number | null;
  options: { name: string; value: string }[];
}

/** The categories whose products take のし (熨斗紙) in the demo store. */
const NOSHI_CATEGORIES: ReadonlySet<CategoryKey> = new Set<CategoryKey>([
  'wagashi',
  'yogashi',
  'tea',
  'sake',
  'shokki',
  'towel',
  'coffee',
  'seafood',
  'fruit',
  'fermented',
]);

export interface SeedProduct {
  id: number;
  shopifyProductId: string;
  tenantId: number;
  hasVideo: boolean;
  /** Whether the product takes のし: food and towels do, as do sake and tableware; goods and incense do not. */
  noshi: boolean;
  texts: Record<Lang, { title: string; descriptionHtml: string }>;
  areaIds: number[];
  tagIds: number[];
  images: { id: number; position: number; style: number }[];
  variants: SeedVariant[];
}

/** Tax-included price of a tax-excluded amount in whole hundreds of yen. */
function withTax(excluded: number, food: boolean): number {
  return Math.round((excluded * (food ? 108 : 110)) / 100);
}

function roundTo100(value: number): number {
  return Math.max(100, Math.round(value / 100) * 100);
}

const SEP: Record<Lang, { colon: string; list: string }> = {
  ja: { colon: '：', list: '・' },
  en: { colon: ': ', list: ', ' },
  zh: { colon: '：', list: '、' },
  ko: { colon: ': ', list: ', ' },
};

/**
 * Generates product `id`. `nextImageId` / `nextVariantId` are the first free ids (the seed numbers images and
 * variants sequentially in product order).
 */
export function generateProduct(id: number, nextImageId: number, nextVariantId: number): SeedProduct {
  const rng = mulberry32(Math.imul(id, 0x9e3779b1) ^ 0x5eed);
  const twoAxisCase = id % 40 === 2;
  const allSoldOut = id % 40 === 6;
  const hostile = id % 100 === 13;
  const noImages = id % 50 === 9 || id % 50 === 31;
  const hasVideo = id % 25 === 4;
  const long = id % 12 === 5;

  const tenantIndex = twoAxisCase ? 0 : Math.floor(rng() * TENANTS.length);
  const tenant = at(TENANTS, tenantIndex);
  const category = CATEGORIES[tenant.category];
  const item = twoAxisCase ? at(category.items, 0) : pick(rng, category.items);
  const specs = item.specs ?? category.specs;

  // Option axes and values.
  const axes: { axis: string; values: { value: string; mult: number }[] }[] = [];
  const twoAxes = specs.length >= 2 && (twoAxisCase || rng() < 0.4);
  if (twoAxes) {
    const first = at(specs, 0);
    const second = at(specs, 1);
    axes.push({ axis: first.axis, values: chooseValues(rng, first, rng() < 0.5 ? 2 : 3) });
    axes.push({ axis: second.axis, values: chooseValues(rng, second, 2) });
  } else {
    const spec = at(specs, Math.floor(rng() * specs.length));
    axes.push({ axis: spec.axis, values: chooseValues(rng, spec, 1 + Math.floor(rng() * 4)) });
  }
  const combos: { options: { name: string; value: string }[]; mult: number; firstIndex: number }[] = [];
  const [axisA, axisB] = axes;
  if (axisA === undefined) throw new Error('no option axis');
  for (const [ia, a] of axisA.values.entries()) {
    if (axisB === undefined) {
      combos.push({ options: [{ name: axisA.axis, value: a.value }], mult: a.mult, firstIndex: ia });
      continue;
    }
    for (const b of axisB.values) {
      combos.push({
        options: [
          { name: axisA.axis, value: a.value },
          { name: axisB.axis, value: b.value },
        ],
        mult: a.mult * b.mult,
        firstIndex: ia,
      });
    }
  }

  // Images (1–4; none for a few products).
  const imageCount = noImages ? 0 : 1 + Math.floor(rng() * 4);
  const images: SeedProduct['images'] = [];
  for (let i = 0; i < imageCount; i++) {
    images.push({ id: nextImageId + i, position: i, style: Math.floor(rng() * 1_000_000) });
  }

  // Variants: prices, sales, stock.
  const [minBase, maxBase] = category.basePrice;
  const base = (minBase + rng() * (maxBase - minBase)) * (item.priceFactor ?? 1);
  const soldOutValueIndex = twoAxisCase ? Math.min(1, axisA.values.length - 1) : -1;
  const variants: SeedVariant[] = combos.map((combo, position) => {
    const excluded = Math.min(30_000, Math.max(1_000, roundTo100(base * combo.mult)));
    const price = withTax(excluded, category.food);
    const saleRoll = rng();
    let compareAtPrice: number | null = null;
    if (saleRoll < 0.2) {
      compareAtPrice = withTax(roundTo100(excluded * (1.15 + rng() * 0.25)), category.food);
    } else if (saleRoll < 0.23) {
      compareAtPrice = price; // not a sale: isSale stays false
    }
    const stockRoll = rng();
    let totalStock: number;
    if (stockRoll < 0.08) totalStock = 0;
    else if (stockRoll < 0.2) totalStock = 1 + Math.floor(rng() * 3);
    else totalStock = 4 + Math.floor(rng() * 46);
    let stockInShop = Math.min(totalStock, Math.floor(rng() * (totalStock + 1)));
    if (allSoldOut || combo.firstIndex === soldOutValueIndex) {
      totalStock = 0;
      stockInShop = 0;
    }
    const imageRoll = rng();
    const imageId = images.length >= 2 && imageRoll < 0.5 ? at(images, position % images.length).id : null;
    return {
      id: nextVariantId + position,
      position,
      sku: `${tenant.code}-${String(id).padStart(5, '0')}-${String(position + 1).padStart(2, '0')}`,
      price,
      compareAtPrice,
      stockInShop,
      totalStock,
      imageId,
      options: combo.options,
    };
  });

  // Areas: mostly the tenant's home area; 1 in 8 (id ≡ 3 mod 8) also in a second one.
  const firstArea = rng() < 0.8 ? tenant.homeArea : 1 + Math.floor(rng() * AREAS.length);
  const areaIds = [firstArea];
  if (id % 8 === 3) {
    const second = 1 + ((firstArea - 1 + 1 + Math.floor(rng() * (AREAS.length - 1))) % AREAS.length);
    areaIds.push(second);
    areaIds.sort((a, b) => a - b);
  }

  // Tags: 0–3.
  const tagIds = new Set<number>();
  const tagCount = Math.floor(rng() * 4);
  for (let i = 0; i < tagCount; i++) tagIds.add(1 + Math.floor(rng() * TAGS.length));
  const sortedTags = [...tagIds].sort((a, b) => a - b);
  const seasonal = tagIds.has(SEASONAL_TAG_ID);

  // Texts.
  const pack = pick(rng, PACKS);
  const occasion = pick(rng, OCCASIONS);
  const short = !long && rng() < 0.15;
  const texts = {} as Record<Lang, { title: string; descriptionHtml: string }>;
  for (const lang of LANGS) {
    const title = `${seasonal ? SEASONAL_PREFIX[lang] : ''}${item.name[lang]}${pack[lang]}`;
    const sep = SEP[lang];
    const contents = axes
      .map(({ axis, values }) => {
        const def = AXES[axis as keyof typeof AXES];
        return `${def.label[lang]} ${values.map((v) => def.values[v.value]?.[lang] ?? v.value).join(sep.list)}`;
      })
      .join(lang === 'en' || lang === 'ko' ? '; ' : '／');
    const li = (label: L10n, value: string) => `<li><strong>${label[lang]}</strong>${sep.colon}${value}</li>`;
    const [factA, factB] = category.facts;
    const parts = [`<p>${item.blurb[lang]}</p>`];
    if (!short) parts.push(`<p>${category.craft[lang].replace('{tenant}', tenant.name)}</p>`);
    parts.push(
      `<ul>${li(CONTENTS_LABEL, contents)}${li(factA.label, factA.value[lang])}${li(factB.label, factB.value[lang])}</ul>`,
    );
    if (long) parts.push(`<p>${category.story[lang]}</p>`, `<p>${category.enjoy[lang]}</p>`);
    if (!short) parts.push(`<p>${occasion[lang]}</p>`, `<p>${NOSHI_NOTE[lang]}</p>`);
    if (long) for (const note of LONG_NOTES) parts.push(`<p>${note[lang]}</p>`);
    if (hostile) parts.push(HOSTILE_HTML);
    texts[lang] = { title, descriptionHtml: parts.join('') };
  }

  return {
    id,
    shopifyProductId: `gid://shopify/Product/${8_000_000_000_000 + id * 7919}`,
    tenantId: tenantIndex + 1,
    hasVideo,
    noshi: NOSHI_CATEGORIES.has(tenant.category),
    texts,
    areaIds,
    tagIds: sortedTags,
    images,
    variants,
  };
}

export interface SeedResult {
  products: number;
  variants: number;
  images: number;
}

/** Rows a multi-row INSERT carries: well under either database's limit of parameters a statement. */
const ROWS_PER_INSERT = 500;

/**
 * Drops everything (bags, orders and addresses too) and writes the catalogue with `products` products in
 * one transaction; then records the seed in `meta`.
 */
export async function seed(database: Database, options: { products: number }): Promise<SeedResult> {
  const productTotal = options.products;
  if (!Number.isInteger(productTotal) || productTotal < 1)
    throw new Error('products must be a positive integer');
  await resetSchema(database);
  return database.db.transaction().execute(async (tx) => {
    const insert = async <T extends keyof Tables & string>(table: T, rows: Insertable<Tables[T]>[]) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        await tx
          .insertInto(table)
          .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
          .execute();
      }
    };
    await insert(
      'areas',
      AREAS.map((area, index) => ({
        id: index + 1,
        place: area.place,
        description: area.description,
        pickup_place: area.pickupPlace,
      })),
    );
    await insert(
      'tenants',
      TENANTS.map((tenant, index) => ({
        id: index + 1,
        name: tenant.name,
        code: tenant.code,
        description: tenant.description,
        official_site_url: tenant.officialSiteUrl,
      })),
    );
    await insert(
      'tags',
      TAGS.map((names, index) => ({ id: index + 1, names: JSON.stringify(names) })),
    );
    let nextImageId = 1;
    let nextVariantId = 1;
    // Products go in batches, each batch's rows of every table together (parents first).
    const BATCH = 500;
    for (let first = 1; first <= productTotal; first += BATCH) {
      const products: Insertable<Tables['products']>[] = [];
      const productAreas: Insertable<Tables['product_areas']>[] = [];
      const productTags: Insertable<Tables['product_tags']>[] = [];
      const images: Insertable<Tables['images']>[] = [];
      const variants: Insertable<Tables['variants']>[] = [];
      for (let id = first; id < first + BATCH && id <= productTotal; id++) {
        const product = generateProduct(id, nextImageId, nextVariantId);
        nextImageId += product.images.length;
        nextVariantId += product.variants.length;
        products.push({
          id: product.id,
          shopify_product_id: product.shopifyProductId,
          tenant_id: product.tenantId,
          has_video: product.hasVideo ? 1 : 0,
          noshi: product.noshi ? 1 : 0,
          texts: JSON.stringify(product.texts),
        });
        for (const areaId of product.areaIds) productAreas.push({ area_id: areaId, product_id: product.id });
        for (const tagId of product.tagIds) productTags.push({ product_id: product.id, tag_id: tagId });
        for (const image of product.images) {
          images.push({ id: image.id, product_id: product.id, position: image.position, style: image.style });
        }
        for (const v of product.variants) {
          variants.push({
            id: v.id,
            product_id: product.id,
            position: v.position,
            sku: v.sku,
            price: v.price,
            compare_at_price: v.compareAtPrice,
            stock_in_shop: v.stockInShop,
            total_stock: v.totalStock,
            image_id: v.imageId,
            options: JSON.stringify(v.options),
          });
        }
      }
      await insert('products', products);
      await insert('product_areas', productAreas);
      await insert('product_tags', productTags);
      await insert('images', images);
      await insert('variants', variants);
    }
    await tx
      .insertInto('meta')
      .values({ key: 'seed', value: JSON.stringify({ products: productTotal }) })
      .execute();
    return { products: productTotal, variants: nextVariantId - 1, images: nextImageId - 1 };
  });
}

/** The seed recorded in the database, or null when it has not been seeded (or has no schema yet). */
export async function seedInfo(database: Database): Promise<{ products: number } | null> {
  try {
    const row = await database.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'seed')
      .executeTakeFirst();
    if (!row) return null;
    const info = JSON.parse(row.value) as { products?: unknown };
    return typeof info.products === 'number' ? { products: info.products } : null;
  } catch {
    // No meta table: an empty database.
    return null;
  }
}
