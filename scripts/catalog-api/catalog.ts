/**
 * The catalogue as the contract shapes it: areas, and tenants and products in a language (a tenant named in
 * it where the seed's data has the name, matched by the tenant's code). Assembled product JSON is kept in
 * memory per language (bounded). Several API instances may share the database: before a request reads the
 * catalogue, `sync` asks the database for the catalogue version and drops every product that changed since
 * the version last seen (catalog-version.ts), whichever instance changed it.
 */
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import { catalogVersionNumber } from './catalog-version.ts';
import { type L10n, LANGS, type Lang, optionText, TENANTS, type TenantDef } from './i18n-data.ts';
import type { Store, VariantRow } from './store.ts';

export type Area = components['schemas']['Area'];
export type Tenant = components['schemas']['Tenant'];
export type Product = components['schemas']['Product'];
type Variant = components['schemas']['Variant'];
type Tag = components['schemas']['Tag'];

/**
 * At least this many assembled products are kept (over all languages), and never fewer than the catalogue
 * holds in every language: a build reads the whole catalogue in Japanese, then in English, Chinese and
 * Korean for chat's search indexes. A bound of one catalogue made each language push out the one before,
 * so every build assembled every product four times from the database (most of this server's time per
 * build: docs/performance.md).
 */
const MIN_CACHED = 25_000;

export class Catalog {
  readonly #store: Store;
  readonly #publicUrl: string;
  readonly #areas: Area[];
  readonly #pickupPlaces: Map<number, string>;
  readonly #tenants: Map<number, Tenant>;
  /** Tenant id → its name in other languages. */
  readonly #tenantNames: Map<number, TenantDef['names']>;
  readonly #tags: Map<number, L10n>;
  /** `${lang}:${id}` → product JSON text. */
  readonly #cache = new Map<string, string>();
  readonly #maxCached: number;
  #allIds: number[] | undefined;

  #seenVersion: number;

  private constructor(
    store: Store,
    publicUrl: string,
    data: {
      productCount: number;
      version: number;
      areas: Awaited<ReturnType<Store['areas']>>;
      tenants: Awaited<ReturnType<Store['tenants']>>;
      tags: Awaited<ReturnType<Store['tags']>>;
    },
    minCached: number,
  ) {
    this.#store = store;
    this.#publicUrl = publicUrl;
    this.#maxCached = Math.max(minCached, data.productCount * LANGS.length);
    this.#seenVersion = data.version;
    this.#areas = data.areas.map((row) => ({
      id: row.id,
      imageSrc: `${publicUrl}/images/areas/${row.id}.jpg`,
      description: row.description,
      place: row.place,
    }));
    this.#pickupPlaces = new Map(data.areas.map((row) => [row.id, row.pickup_place]));
    this.#tenants = new Map(
      data.tenants.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          logoSrc: `${publicUrl}/images/tenants/${row.id}.png`,
          description: row.description,
          officialSiteUrl: row.official_site_url,
        },
      ]),
    );
    const namesByCode = new Map(TENANTS.map((tenant) => [tenant.code, tenant.names]));
    this.#tenantNames = new Map(
      data.tenants.flatMap((row) => {
        const names = namesByCode.get(row.code);
        return names ? [[row.id, names] as const] : [];
      }),
    );
    this.#tags = new Map(data.tags.map((row) => [row.id, JSON.parse(row.names) as L10n]));
  }

  /**
   * Reads the areas, tenants and tags (seeded, never changed while servers run) and the version.
   * `minCached`: the least number of assembled products kept (MIN_CACHED; smaller in tests).
   */
  static async load(
    store: Store,
    publicUrl: string,
    { minCached = MIN_CACHED }: { minCached?: number } = {},
  ): Promise<Catalog> {
    const [productCount, version, areas, tenants, tags] = await Promise.all([
      store.productCount(),
      catalogVersionNumber(store),
      store.areas(),
      store.tenants(),
      store.tags(),
    ]);
    return new Catalog(store, publicUrl, { productCount, version, areas, tenants, tags }, minCached);
  }

  /**
   * Drops every assembled product that changed since the version this instance last saw (through any
   * instance). One read of the version when nothing changed.
   */
  async sync(): Promise<void> {
    const version = await catalogVersionNumber(this.#store);
    if (version === this.#seenVersion) return;
    const seen = this.#seenVersion;
    this.#seenVersion = version;
    this.invalidate(await this.#store.productsChangedSince(seen));
  }

  areas(): Area[] {
    return this.#areas;
  }

  pickupPlace(areaId: number): string | undefined {
    return this.#pickupPlaces.get(areaId);
  }

  /**
   * Tenants with products in the area (every tenant when no area), in id order, each named in `lang` as a
   * product's brand is (#tenantIn).
   */
  async filters(areaId: number | undefined, lang: Lang = 'ja'): Promise<Tenant[]> {
    const ids = areaId === undefined ? [...this.#tenants.keys()] : await this.#store.tenantIdsInArea(areaId);
    return ids
      .map((id) => this.#tenantIn(id, lang))
      .filter((tenant): tenant is Tenant => tenant !== undefined);
  }

  imageSrc(imageId: number): string {
    return `${this.#publicUrl}/images/products/${imageId}.jpg`;
  }

  /** The product's JSON text in a language, or null when there is no such product. */
  async productJson(id: number, lang: Lang): Promise<string | null> {
    return (await this.productJsons([id], lang))[0] ?? null;
  }

  /** The JSON texts of products in a language, in the order asked, skipping unknown ids; misses in one batch. */
  async productJsons(ids: readonly number[], lang: Lang): Promise<string[]> {
    const found = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = this.#cache.get(`${lang}:${id}`);
      if (cached === undefined) missing.push(id);
      else found.set(id, cached);
    }
    if (missing.length > 0) {
      for (const product of await this.#assemble(missing, lang)) {
        const json = JSON.stringify(product);
        this.#remember(`${lang}:${product.id}`, json);
        found.set(product.id, json);
      }
    }
    const out: string[] = [];
    for (const id of ids) {
      const json = found.get(id);
      if (json !== undefined) out.push(json);
    }
    return out;
  }

  #remember(key: string, json: string): void {
    if (this.#cache.size >= this.#maxCached) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    this.#cache.set(key, json);
  }

  /** A fresh copy of the product in a language, or null. */
  async product(id: number, lang: Lang): Promise<Product | null> {
    const json = await this.productJson(id, lang);
    return json === null ? null : (JSON.parse(json) as Product);
  }

  /** The ProductPage JSON text. */
  async pageJson(
    filter: { areaId?: number; tenantIds?: number[] },
    page: number,
    size: number,
    lang: Lang,
  ): Promise<string> {
    const unfiltered = filter.areaId === undefined && !filter.tenantIds?.length;
    const { ids, count } = unfiltered
      ? await this.#allIdsPage(size, (page - 1) * size)
      : await this.#store.productPage(filter, size, (page - 1) * size);
    return `{"products":[${(await this.productJsons(ids, lang)).join(',')}],"count":${count}}`;
  }

  /**
   * A page of the whole catalogue from the ids in memory: a database answers `ORDER BY id LIMIT … OFFSET …`
   * by stepping through every row before the page, so a build's thousand list calls would take minutes at
   * 100,000 products. Products are only seeded, never added or removed while servers run, so the list is
   * read once.
   */
  async #allIdsPage(size: number, offset: number): Promise<{ ids: number[]; count: number }> {
    this.#allIds ??= await this.#store.productIds();
    return { ids: this.#allIds.slice(offset, offset + size), count: this.#allIds.length };
  }

  /** Assembles every product in a language into the cache, in batches, yielding between them. */
  async warm(lang: Lang, batch = 200): Promise<number> {
    const ids = await this.#store.productIds();
    for (let i = 0; i < ids.length; i += batch) {
      await this.productJsons(ids.slice(i, i + batch), lang);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return ids.length;
  }

  /** Forget assembled products (after their stock changed). */
  invalidate(productIds: Iterable<number>): void {
    for (const id of productIds) {
      for (const lang of LANGS) this.#cache.delete(`${lang}:${id}`);
    }
  }

  variantTitle(row: VariantRow, lang: Lang): string {
    const options = JSON.parse(row.options) as { name: string; value: string }[];
    return options.map((o) => optionText(o.name, o.value, lang).value).join(' / ');
  }

  /** A tenant with its name in a language (Japanese when the data has none in it). */
  #tenantIn(id: number, lang: Lang): Tenant | undefined {
    const tenant = this.#tenants.get(id);
    const name = lang === 'ja' ? undefined : this.#tenantNames.get(id)?.[lang];
    return tenant && name ? { ...tenant, name } : tenant;
  }

  /** Builds products from the database with one query per table for the whole batch. */
  async #assemble(ids: readonly number[], lang: Lang): Promise<Product[]> {
    const group = <T extends { product_id: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of rows) {
        const list = map.get(row.product_id);
        if (list) list.push(row);
        else map.set(row.product_id, [row]);
      }
      return map;
    };
    const [imageRows, variantRows, areaRows, tagRows, productRows] = await Promise.all([
      this.#store.imagesByProducts(ids),
      this.#store.variantsByProducts(ids),
      this.#store.areasByProducts(ids),
      this.#store.tagsByProducts(ids),
      this.#store.productsByIds(ids),
    ]);
    const images = group(imageRows);
    const variants = group(variantRows);
    const areas = group(areaRows);
    const tags = group(tagRows);
    return productRows.map((row) => {
      const tenant = this.#tenantIn(row.tenant_id, lang);
      if (!tenant) throw new Error(`product ${row.id} has unknown tenant ${row.tenant_id}`);
      const texts = JSON.parse(row.texts) as Record<Lang, { title: string; descriptionHtml: string }>;
      const productImages = (images.get(row.id) ?? []).map((image) => ({
        id: image.id,
        src: this.imageSrc(image.id),
      }));
      const imagesById = new Map(productImages.map((image) => [image.id, image]));
      let stockInShop = 0;
      const productVariants: Variant[] = (variants.get(row.id) ?? []).map((v) => {
        stockInShop += v.stock_in_shop;
        const options = (JSON.parse(v.options) as { name: string; value: string }[]).map((o) => {
          const display = optionText(o.name, o.value, lang);
          return { name: o.name, value: o.value, displayName: display.name, displayValue: display.value };
        });
        const image = v.image_id === null ? null : (imagesById.get(v.image_id) ?? null);
        return {
          id: v.id,
          sku: v.sku,
          title: options.map((o) => o.displayValue).join(' / '),
          compareAtPrice: v.compare_at_price,
          price: v.price,
          isSale: v.compare_at_price !== null && v.compare_at_price > v.price,
          stockInShop: v.stock_in_shop,
          totalStock: v.total_stock,
          imageId: image === null ? null : image.id,
          image,
          options,
        };
      });
      const productTags: Tag[] = (tags.get(row.id) ?? []).map((t) => ({
        id: t.tag_id,
        name: this.#tags.get(t.tag_id)?.[lang] ?? String(t.tag_id),
      }));
      return {
        id: row.id,
        shopifyProductId: row.shopify_product_id,
        images: productImages,
        title: texts[lang].title,
        descriptionHtml: texts[lang].descriptionHtml,
        variants: productVariants,
        tenant,
        videoSrc: row.has_video ? `${this.#publicUrl}/videos/products/${row.id}.mp4` : null,
        tags: productTags,
        stockInShop,
        areas: (areas.get(row.id) ?? []).map((a) => a.area_id),
      };
    });
  }
}
