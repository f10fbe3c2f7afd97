/**
 * A rebuild never serves a stale page. The reference API's 100-product seed is built once; then, after each
 * change (to the catalogue, the editors' Markdown or the build's public environment; the catalogue's changes
 * made together, each on pages of its own, those that render every page one at a time), the site is built
 * again with the cache of the builds before it (reusing every page whose key is unchanged) and once more
 * without any cache, and the two outputs must be equal, file for file. A page that reads something its
 * cache key does not cover shows the old value in the first build and the new one in the second: this test
 * fails, naming the file.
 *
 * A deploy changes only what changed: every build has its own id and time, as the publisher's have, and
 * two builds of the same catalogue and code differ only in the build's own record (`/_build/latest.json`);
 * after one product's title changes, only the files that show that product differ.
 *
 * The catalogue is changed through a stand-in catalog API answering the calls the build makes, as the
 * contract (src/lib/catalog/openapi.yaml) describes them, from a copy of the seed the reference API served
 * once at the start (its public routes only, so the reference API's storage is none of this test's
 * business). Each change edits that copy. The site is built from a copy of the working tree, where the
 * Markdown changes are made.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BUILD_NODE_OPTIONS } from '../../scripts/tools/build-env.mjs';
import {
  bin,
  comparedBuildEnv,
  copyWorkingTree,
  runNode,
  startNode,
  stop,
  waitForHttp,
} from '../../scripts/tools/lib.mjs';
import type { Area, Product, Tenant } from '../../src/lib/catalog/types.ts';

/** The reference API that serves the seed once, and the stand-in the builds load from. */
const SEED_PORT = Number(process.env.IT_STALE_SEED_PORT ?? 8825);
const API_PORT = Number(process.env.IT_STALE_PORT ?? 8826);
const API = `http://127.0.0.1:${API_PORT}`;
const LANGUAGES = ['en', 'zh', 'ko'] as const;
type Language = (typeof LANGUAGES)[number] | 'ja';

/** The catalogue as the stand-in answers it: each list in Japanese and in chat's languages. */
interface Catalogue {
  version: number;
  areas: Area[];
  tenants: Record<Language, Tenant[]>;
  products: Record<Language, Product[]>;
}

let catalogue: Catalogue;
let server: Server;
let work: string;
let source: string;
/** The cache folder every rebuild shares, as the publisher's builds do. */
let cache: string;
/** The build's public environment besides the fixed one: a change may add to it. */
const publicEnv: Record<string, string> = {};

async function getJson<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    headers: { 'X-Api-Token': 'gift-catalogue-public-token' },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Every product of the reference API in `lang`, page by page. */
async function allProducts(base: string, lang: Language): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const query = `page=${page}&size=100${lang === 'ja' ? '' : `&lang=${lang}`}`;
    const answer = await getJson<{ products: Product[]; count: number }>(base, `/catalog/products?${query}`);
    products.push(...answer.products);
    if (products.length >= answer.count || answer.products.length === 0) return products;
  }
}

/** The seed as the reference API serves it, read once through its public routes. */
async function readSeed(): Promise<Catalogue> {
  const api = startNode(
    ['scripts/catalog-api/main.ts', '--db', join(work, 'seed.sqlite'), '--port', String(SEED_PORT)],
    {
      stdio: 'ignore',
      env: {
        CATALOG_API_MODE: 'demo',
        CATALOG_DEMO_STAFF_PASSWORD: 'stale-test-unused',
        CATALOG_PUBLIC_URL: 'https://gift.example.jp/api',
        CATALOG_RENDER_AHEAD: '0',
      },
    },
  );
  try {
    const base = `http://127.0.0.1:${SEED_PORT}`;
    await waitForHttp(`${base}/healthz`, 60_000);
    const tenants = {} as Catalogue['tenants'];
    const products = {} as Catalogue['products'];
    for (const lang of ['ja', ...LANGUAGES] as const) {
      tenants[lang] = await getJson<Tenant[]>(
        base,
        `/catalog/products-filters${lang === 'ja' ? '' : `?lang=${lang}`}`,
      );
      products[lang] = await allProducts(base, lang);
    }
    return { version: 1, areas: await getJson<Area[]>(base, '/catalog/areas'), tenants, products };
  } finally {
    await stop(api);
  }
}

/** The stand-in's answer to one of the build's calls; undefined for a call it does not know. */
function answer(url: URL): unknown {
  const lang = (url.searchParams.get('lang') ?? 'ja') as Language;
  switch (url.pathname) {
    case '/catalog/version':
      // Each version a minute after the one before: the sitemap's lastmod follows the catalogue.
      return {
        version: String(catalogue.version),
        updatedAt: new Date(Date.UTC(2026, 3, 1) + catalogue.version * 60_000).toISOString(),
      };
    case '/catalog/areas':
      return catalogue.areas;
    case '/catalog/products-filters':
      return catalogue.tenants[lang] ?? catalogue.tenants.ja;
    case '/catalog/products': {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 10);
      const tenantIds = (url.searchParams.get('tenant_ids') ?? '').split(',').filter(Boolean).map(Number);
      const all = catalogue.products[lang] ?? catalogue.products.ja;
      const listed =
        tenantIds.length > 0 ? all.filter((product) => tenantIds.includes(product.tenant.id)) : all;
      return { products: listed.slice((page - 1) * size, page * size), count: listed.length };
    }
    default:
      return undefined;
  }
}

/** The files under `/_build/` that say which build this is: the one file two builds of one site differ in. */
const BUILD_RECORD = '_build/latest.json';

let stamps = 0;
/** Each build's own id and time, as the publisher gives every build its own (all on one day: one theme). */
function buildStamp() {
  const n = ++stamps;
  return { BUILD_ID: `stale-test-${n}`, BUILD_TIME: new Date(Date.UTC(2026, 3, 1, 0, n)).toISOString() };
}

/** Builds the site into `out` with the cache folder `cacheDir`; the build's log, for a failure's message. */
async function build(out: string, cacheDir: string): Promise<string> {
  const built = await runNode([...BUILD_NODE_OPTIONS, bin('astro/bin/astro.mjs'), 'build'], {
    cwd: source,
    quiet: true,
    env: {
      ...comparedBuildEnv(API),
      ...buildStamp(),
      ...publicEnv,
      OUT_DIR: out,
      ASTRO_CACHE_DIR: cacheDir,
    },
  });
  if (built.code !== 0) throw new Error(`the build failed:\n${built.output.slice(-4000)}`);
  return built.output;
}

/** Every file of a built site with its SHA-256. */
async function digests(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(
      relative(dir, path),
      createHash('sha256')
        .update(await readFile(path))
        .digest('hex'),
    );
  }
  return files;
}

/** The files of two built sites that are in one only or differ, sorted. */
async function changedFiles(before: string, after: string): Promise<string[]> {
  const [a, b] = await Promise.all([digests(before), digests(after)]);
  return [...new Set([...a.keys(), ...b.keys()])].filter((file) => a.get(file) !== b.get(file)).sort();
}

/** The files of the built site `dir` whose text holds one of `texts`, sorted. */
async function filesHolding(dir: string, texts: readonly string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const file of (await digests(dir)).keys()) {
    const text = await readFile(join(dir, file), 'utf8');
    if (texts.some((t) => text.includes(t))) holding.push(file);
  }
  return holding.sort();
}

/** `text` as a page or a JSON file writes it: as it is, escaped for HTML, escaped in a JSON string. */
const written = (text: string) => [
  text,
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
  JSON.stringify(text).slice(1, -1),
];

/** The files that differ between two built sites, a line each. */
async function differences(a: string, b: string): Promise<string[]> {
  const [first, second] = await Promise.all([digests(a), digests(b)]);
  const lines: string[] = [];
  for (const file of [...new Set([...first.keys(), ...second.keys()])].sort()) {
    if (!second.has(file)) lines.push(`only in the rebuild: ${file}`);
    else if (!first.has(file)) lines.push(`only in the fresh build: ${file}`);
    else if (first.get(file) !== second.get(file)) lines.push(`differs: ${file}`);
  }
  return lines;
}

let builds = 0;
/**
 * Builds with the shared cache and without any, and gives the files that differ, with how many keyed
 * pages the rebuild reused (a rebuild that reuses nothing would prove nothing).
 */
async function rebuildAgainstFresh(): Promise<{ differing: string[]; reused: number; reuseLine: string }> {
  catalogue.version++;
  const n = ++builds;
  const log = await build(join(work, `rebuilt-${n}`), cache);
  await build(join(work, `fresh-${n}`), join(work, `fresh-cache-${n}`));
  const differing = await differences(join(work, `rebuilt-${n}`), join(work, `fresh-${n}`));
  await rm(join(work, `fresh-cache-${n}`), { recursive: true, force: true });
  await rm(join(work, `fresh-${n}`), { recursive: true, force: true });
  await rm(join(work, `rebuilt-${n}`), { recursive: true, force: true });
  const reuse = /(\d+) keyed pages reused[^\n]*/.exec(log);
  return { differing, reused: Number(reuse?.[1] ?? 0), reuseLine: reuse?.[0] ?? log.slice(-3000) };
}

/** Each Japanese product (and its translations) changed by `change`, where `which` holds. */
function everyProduct(which: (product: Product) => boolean, change: (product: Product) => Product): void {
  for (const lang of Object.keys(catalogue.products) as Language[]) {
    catalogue.products[lang] = catalogue.products[lang].map((product) =>
      which(product) ? change(structuredClone(product)) : product,
    );
  }
}

/** Another picture's URL: the same address with the file renamed. */
const renamed = (src: string) => src.replace(/\/([^/]*)$/, '/v2-$1');

/**
 * What each change made together changes: a product, a brand or a tag of its own, none reaching another's
 * pages. A product page is keyed on its product (its brand and tags in it) and the areas: were two changes
 * made to one product's page, a key that missed one of them would be hidden by the other.
 */
interface Targets {
  title: number;
  japaneseTitle: number;
  price: number;
  stock: number;
  images: number;
  moved: number;
  removed: number;
  brandName: number;
  brandLogo: number;
  tag: number;
}
let chosen: Targets | undefined;
function targets(): Targets {
  if (chosen) return chosen;
  const products = catalogue.products.ja;
  const uses = new Map<number, number>();
  for (const product of products)
    for (const tag of product.tags) uses.set(tag.id, (uses.get(tag.id) ?? 0) + 1);
  // The tag on the fewest products, and two brands none of whose products carries it.
  const tag = [...uses].sort((a, b) => a[1] - b[1])[0]?.[0];
  const tagged = (p: Product) => p.tags.some((t) => t.id === tag);
  const brandsTagged = new Set(products.filter(tagged).map((p) => p.tenant.id));
  const [brandName, brandLogo] = [...new Set(products.map((p) => p.tenant.id))].filter(
    (id) => !brandsTagged.has(id),
  );
  const free = products.filter((p) => !tagged(p) && p.tenant.id !== brandName && p.tenant.id !== brandLogo);
  const moved = free.find((p) => p.areas.length < catalogue.areas.length);
  const [title, price, stock, images, removed, japaneseTitle] = free.filter((p) => p !== moved);
  if (tag === undefined || brandName === undefined || brandLogo === undefined || !moved || !japaneseTitle) {
    throw new Error('the seed has too few products, brands or tags for a change of its own each');
  }
  chosen = {
    title: (title as Product).id,
    japaneseTitle: japaneseTitle.id,
    price: (price as Product).id,
    stock: (stock as Product).id,
    images: (images as Product).id,
    moved: moved.id,
    removed: (removed as Product).id,
    brandName,
    brandLogo,
    tag,
  };
  return chosen;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'build-stale-'));
  source = join(work, 'site');
  cache = join(work, 'cache');
  catalogue = await readSeed();
  server = createServer((request, response) => {
    const body = answer(new URL(request.url ?? '/', API));
    response.statusCode = body === undefined ? 404 : 200;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body ?? { message: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(API_PORT, '127.0.0.1', resolve));
  await copyWorkingTree(source);
  // The first build fills the cache every later rebuild starts from; its output is the deploy the first
  // tests compare with.
  await build(join(work, 'first'), cache);
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * Each change, in order, on top of the ones before it. `reuses` says whether the rebuild must reuse pages
 * (a change to the source or the public environment renders every keyed page again, by design).
 */
const changes: [name: string, change: () => Promise<void> | void, reuses: boolean][] = [
  [
    "a product's title",
    () =>
      everyProduct(
        (p) => p.id === targets().title,
        (p) => ({ ...p, title: `${p.title}（改）` }),
      ),
    true,
  ],
  [
    // Chat's search indexes hold every product's Japanese title beside its translated one.
    "a product's Japanese title alone",
    () => {
      catalogue.products.ja = catalogue.products.ja.map((p) =>
        p.id === targets().japaneseTitle ? { ...p, title: `${p.title}（新）` } : p,
      );
    },
    true,
  ],
  [
    "a product's price",
    () =>
      everyProduct(
        (p) => p.id === targets().price,
        (p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, price: v.price + 1000 })) }),
      ),
    true,
  ],
  [
    "a product's stock",
    () =>
      everyProduct(
        (p) => p.id === targets().stock,
        (p) => ({
          ...p,
          stockInShop: 0,
          variants: p.variants.map((v) => ({ ...v, totalStock: 0, stockInShop: 0 })),
        }),
      ),
    true,
  ],
  [
    "a product's images",
    () =>
      everyProduct(
        (p) => p.id === targets().images,
        (p) => ({
          ...p,
          images: [...p.images].reverse().map((image) => ({ ...image, src: renamed(image.src) })),
        }),
      ),
    true,
  ],
  [
    "a brand's name",
    () => {
      const id = targets().brandName;
      for (const lang of Object.keys(catalogue.tenants) as Language[]) {
        const rename = (tenant: Tenant) =>
          tenant.id === id ? { ...tenant, name: `${tenant.name}（新）` } : tenant;
        catalogue.tenants[lang] = catalogue.tenants[lang].map(rename);
        catalogue.products[lang] = catalogue.products[lang].map((p) => ({ ...p, tenant: rename(p.tenant) }));
      }
    },
    true,
  ],
  [
    "a brand's logo",
    () => {
      const id = targets().brandLogo;
      const relogo = (tenant: Tenant) =>
        tenant.id === id ? { ...tenant, logoSrc: renamed(tenant.logoSrc) } : tenant;
      for (const lang of Object.keys(catalogue.tenants) as Language[]) {
        catalogue.tenants[lang] = catalogue.tenants[lang].map(relogo);
        catalogue.products[lang] = catalogue.products[lang].map((p) => ({ ...p, tenant: relogo(p.tenant) }));
      }
    },
    true,
  ],
  [
    "an area's description",
    () => {
      catalogue.areas = catalogue.areas.map((area, index) =>
        index === 0 ? { ...area, description: `${area.description}（改装しました）` } : area,
      );
    },
    // Every product page is handed every area (its BASE guide): all of them are rendered again.
    false,
  ],
  [
    "a tag's name",
    () => {
      const id = targets().tag;
      everyProduct(
        (p) => p.tags.some((t) => t.id === id),
        (p) => ({ ...p, tags: p.tags.map((t) => (t.id === id ? { ...t, name: `${t.name}（新）` } : t)) }),
      );
    },
    true,
  ],
  [
    'a product moved between areas',
    () => {
      const areaIds = catalogue.areas.map((area) => area.id);
      everyProduct(
        (p) => p.id === targets().moved,
        (p) => ({ ...p, areas: [areaIds.find((id) => !p.areas.includes(id)) ?? (areaIds[0] as number)] }),
      );
    },
    true,
  ],
  [
    'a product removed',
    () => {
      const id = targets().removed;
      for (const lang of Object.keys(catalogue.products) as Language[]) {
        catalogue.products[lang] = catalogue.products[lang].filter((p) => p.id !== id);
      }
    },
    true,
  ],
  [
    'the seasonal theme',
    () =>
      writeFile(
        join(source, 'src/content/theme/2026-spring.md'),
        '---\ntitle: 春をおくる\nlaunchedAt: 2026-03-01\n---\n桜のころに\nひと箱の春を。\n',
      ),
    false,
  ],
  [
    'a Markdown page',
    async () => {
      const about = join(source, 'src/content/pages/about.md');
      await writeFile(about, `${await readFile(about, 'utf8')}\n営業時間が変わりました。\n`);
    },
    false,
  ],
  [
    'a public environment variable',
    () => {
      publicEnv.PUBLIC_GTM_ID = 'GTM-STALE1';
    },
    false,
  ],
];

describe('a deploy changes only what changed', () => {
  it(`two builds of the same catalogue and code, each with its own id and time, differ only in ${BUILD_RECORD}`, async () => {
    // Without the cache: every page rendered by a build with another id and time.
    await build(join(work, 'again'), join(work, 'again-cache'));
    expect(await changedFiles(join(work, 'first'), join(work, 'again'))).toEqual([BUILD_RECORD]);
    await rm(join(work, 'again'), { recursive: true, force: true });
    await rm(join(work, 'again-cache'), { recursive: true, force: true });
  });

  it("after one product's title changes, only the files that show the product differ, counted", async () => {
    // The API's first product in more than one area and with a tag, whose title is no part of another
    // product's (in any language): among the first of every list it is in, so on each list's first page.
    const languages = Object.keys(catalogue.products) as Language[];
    const titleIn = (lang: Language, id: number) =>
      catalogue.products[lang].find((p) => p.id === id)?.title ?? '';
    const product = catalogue.products.ja.find(
      (p) =>
        p.areas.length > 1 &&
        p.tags.length > 0 &&
        languages.every((lang) =>
          catalogue.products[lang].every((q) => q.id === p.id || !q.title.includes(titleIn(lang, p.id))),
        ),
    );
    if (!product) throw new Error('the seed has no product in two areas, with a tag and a title of its own');
    // The rule: a file shows the product when it holds its title, in one of the site's languages.
    const showing = await filesHolding(
      join(work, 'first'),
      languages.flatMap((lang) => written(titleIn(lang, product.id))),
    );
    everyProduct(
      (p) => p.id === product.id,
      (p) => ({ ...p, title: `${p.title}（新）` }),
    );
    catalogue.version++;
    // As the publisher rebuilds: with the cache of the build before.
    await build(join(work, 'titled'), cache);
    const differing = await changedFiles(join(work, 'first'), join(work, 'titled'));
    // The sitemap holds no title but says when the catalogue last changed: its files change too.
    const sitemap = (await readdir(join(work, 'first'))).filter((file) => /^sitemap.*\.xml$/.test(file));
    expect(sitemap).toEqual(['sitemap-0.xml', 'sitemap-index.xml']);
    expect(differing).toEqual([...showing, ...sitemap, BUILD_RECORD].sort());

    // Counted by kind: its page and payload in each of its areas; the first page (HTML and payload) of the
    // list of each of its areas, of its brand and of each of its tags, and its brand's chat page; chat's
    // search index in each language; the build's record; the sitemap's files, whose lastmod is the
    // catalogue's last change.
    const { id, areas, tenant, tags } = product;
    const kinds: [kind: string, path: RegExp][] = [
      [
        'its pages and payloads',
        new RegExp(`^area/(${areas.join('|')})/products/${id}/(index\\.html|_payload\\.json)$`),
      ],
      ['area lists', new RegExp(`^area/(${areas.join('|')})/(index\\.html|_payload\\.json)$`)],
      ['brand lists', new RegExp(`^(chat/)?brands/${tenant.id}/(index\\.html|_payload\\.json)$`)],
      [
        'tag lists',
        new RegExp(`^product-tags/(${tags.map((t) => t.id).join('|')})/(index\\.html|_payload\\.json)$`),
      ],
      ['search indexes', /^chat\/search\/(en|zh|ko)\.json$/],
      ['sitemap', /^sitemap/],
      ['record', new RegExp(`^${BUILD_RECORD.replace('.', '\\.')}$`)],
    ];
    const counted: Record<string, number> = { other: 0 };
    for (const [kind] of kinds) counted[kind] = 0;
    for (const file of differing) {
      const kind = kinds.find(([, path]) => path.test(file))?.[0] ?? 'other';
      counted[kind] = (counted[kind] ?? 0) + 1;
    }
    expect(counted).toEqual({
      'its pages and payloads': 2 * areas.length,
      'area lists': 2 * areas.length,
      'brand lists': 3,
      'tag lists': 2 * tags.length,
      'search indexes': LANGUAGES.length,
      sitemap: 2,
      record: 1,
      other: 0,
    });
    await rm(join(work, 'titled'), { recursive: true, force: true });
  });
});

/**
 * The changes that leave most pages as they were are made together, each to a product, brand or tag of its
 * own (targets()): one rebuild and one fresh build prove them all, as a key that missed one would leave its
 * own pages stale. The changes that render every keyed page again are made one at a time: together, one
 * would hide another's missing key.
 */
const together = changes.filter(([, , reuses]) => reuses);
const alone = changes.filter(([, , reuses]) => !reuses);

describe('a rebuild with the cache equals a build without it', () => {
  it(`after ${together.map(([name]) => name).join(', ')}: each on pages of its own, at once`, async () => {
    for (const [, change] of together) await change();
    const { differing, reused, reuseLine } = await rebuildAgainstFresh();
    // Two builds, each with its own id and time: only the build's record may differ.
    expect(differing).toEqual([`differs: ${BUILD_RECORD}`]);
    expect(reused, reuseLine).toBeGreaterThan(0);
  });

  it.each(alone)('after %s', async (_name, change) => {
    await change();
    const { differing } = await rebuildAgainstFresh();
    expect(differing).toEqual([`differs: ${BUILD_RECORD}`]);
  });
});
