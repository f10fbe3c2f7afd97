import { sampleProduct, tenant } from '../../../tests/fixtures/catalogue.ts';
import { createCatalogClient } from '../../lib/catalog/client.ts';
import { askTenantNames, type FetchPolicy, fetchAllProducts } from './loaders.ts';

const policy: FetchPolicy = { concurrency: 3, retries: 3, baseDelayMs: 1 };

const product = (id: number) => sampleProduct(id, [1]);

/** A fake API of `total` products, with a hook to fail chosen requests. */
function fakeApi(
  total: number,
  fail: (page: number, attempt: number) => number | 'malformed' | null = () => null,
) {
  const attempts = new Map<number, number>();
  const client = createCatalogClient({
    baseUrl: 'http://api.test',
    token: 't',
    fetch: async (request) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const attempt = (attempts.get(page) ?? 0) + 1;
      attempts.set(page, attempt);
      const failure = fail(page, attempt);
      if (failure === 'malformed')
        return new Response('{"products":', { headers: { 'content-type': 'application/json' } });
      if (failure)
        return new Response(JSON.stringify({ code: 'X', message: 'x' }), {
          status: failure,
          headers: { 'content-type': 'application/json' },
        });
      const ids = Array.from({ length: size }, (_, i) => (page - 1) * size + i + 1).filter(
        (id) => id <= total,
      );
      return new Response(JSON.stringify({ products: ids.map(product), count: total }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, attempts };
}

describe('loading every product at build time', () => {
  it('pages through the API and returns exactly the reported total', async () => {
    const { client, attempts } = fakeApi(250);
    const products = await fetchAllProducts(client, policy);
    expect(products.map((p) => p.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect([...attempts.keys()].sort()).toEqual([1, 2, 3]);
  });

  it('cuts each product down to what the caller keeps as its page arrives, not once every page is in', async () => {
    const kept: number[] = [];
    const keptWhenRequested = new Map<number, number>();
    const { client } = fakeApi(250, (page) => {
      keptWhenRequested.set(page, kept.length);
      return null;
    });
    const titles = await fetchAllProducts(client, { ...policy, concurrency: 1 }, undefined, (p) => {
      kept.push(p.id);
      return { id: p.id, title: p.title };
    });
    expect(titles).toHaveLength(250);
    expect(titles[0]).toEqual({ id: 1, title: product(1).title });
    // Page 1's products were already cut down when page 2 was asked for, and pages 1–2's before page 3.
    expect([...keptWhenRequested]).toEqual([
      [1, 0],
      [2, 100],
      [3, 200],
    ]);
  });

  it("hands the caller each page in the catalogue's order, as soon as the pages before it are in", async () => {
    // Page 2 answers last: pages 3 and 4 wait for it.
    const handed: number[][] = [];
    const handedWhenPage2Answered: number[] = [];
    const client = createCatalogClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch: async (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 2) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          handedWhenPage2Answered.push(handed.length);
        }
        const ids = Array.from({ length: 100 }, (_, i) => (page - 1) * 100 + i + 1).filter((id) => id <= 350);
        return new Response(JSON.stringify({ products: ids.map(product), count: 350 }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const counts = new Set<number>();
    const products = await fetchAllProducts(
      client,
      { ...policy, concurrency: 3 },
      undefined,
      (p) => ({ id: p.id }),
      (page, count) => {
        handed.push(page.map((p) => p.id));
        counts.add(count);
      },
    );
    expect(products).toHaveLength(350);
    expect(handed.map((ids) => [ids[0], ids.length])).toEqual([
      [1, 100],
      [101, 100],
      [201, 100],
      [301, 50],
    ]);
    // When page 2 answered only page 1 had been handed over, although 3 and 4 had come.
    expect(handedWhenPage2Answered).toEqual([1]);
    expect([...counts]).toEqual([350]);
  });

  it('retries server errors and malformed bodies, then succeeds with every product', async () => {
    const { client } = fakeApi(250, (page, attempt) =>
      attempt === 1 ? (page === 2 ? 'malformed' : 503) : null,
    );
    expect(await fetchAllProducts(client, policy)).toHaveLength(250);
  });

  it('fails naming the endpoint when a page keeps failing', async () => {
    const { client } = fakeApi(250, (page) => (page === 3 ? 503 : null));
    await expect(fetchAllProducts(client, policy)).rejects.toMatchObject({
      endpoint: 'GET /catalog/products?page=3&size=100',
      status: 503,
    });
  });

  it('does not retry a client error', async () => {
    const { client, attempts } = fakeApi(250, (page) => (page === 2 ? 404 : null));
    await expect(fetchAllProducts(client, policy)).rejects.toMatchObject({ status: 404 });
    expect(attempts.get(2)).toBe(1);
  });

  it('fails when the pages do not add up to the total', async () => {
    const client = createCatalogClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch: async () =>
        new Response(JSON.stringify({ products: [product(1)], count: 2 }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    await expect(fetchAllProducts(client, policy)).rejects.toThrow(
      /1 distinct products for a reported total of 2/,
    );
  });
});

describe("loading the brands' names in the chat languages", () => {
  const japanese = [tenant(1, '珈琲焙煎所 月灯り'), tenant(2, '白鷺酒造')];
  const inLanguage: Record<string, unknown> = {
    en: [tenant(1, 'Tsukiakari Coffee Roasters'), tenant(2, 'Shirasagi Sake Brewery')],
    zh: [tenant(1, '月灯咖啡烘焙坊'), tenant(2, '白鷺酒造')],
    ko: [tenant(1, '커피 로스터리 쓰키아카리'), tenant(2, '시라사기 주조')],
  };

  /** A brand list in each language asked (`lang`), failing the first `failures` calls of a language. */
  function brandApi(answers: Record<string, unknown>, failures: Record<string, number> = {}) {
    const asked: string[] = [];
    const client = createCatalogClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch: async (request) => {
        const lang = new URL(request.url).searchParams.get('lang') ?? 'ja';
        asked.push(lang);
        const left = failures[lang] ?? 0;
        failures[lang] = left - 1;
        const [status, body] =
          left > 0 ? [503, { code: 'X', message: 'x' }] : [200, answers[lang] ?? japanese];
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    return { client, asked };
  }

  it('asks the brand list once in each chat language and keeps the names it gives, retrying a 5xx', async () => {
    const { client, asked } = brandApi(inLanguage, { zh: 1 });
    const names = await askTenantNames(client, policy)(japanese);
    expect(asked.filter((lang) => lang !== 'zh')).toEqual(['en', 'ko']);
    expect(names).toEqual([
      {
        id: 1,
        names: { en: 'Tsukiakari Coffee Roasters', zh: '月灯咖啡烘焙坊', ko: '커피 로스터리 쓰키아카리' },
      },
      { id: 2, names: { en: 'Shirasagi Sake Brewery', ko: '시라사기 주조' } },
    ]);
  });

  it('gives no names when the API answers every language in Japanese', async () => {
    const { client } = brandApi({});
    expect(await askTenantNames(client, policy)(japanese)).toEqual([
      { id: 1, names: {} },
      { id: 2, names: {} },
    ]);
  });

  it('checks each language’s list as the Japanese one is, naming the language of a broken entry', async () => {
    const { client } = brandApi({ ...inLanguage, ko: [tenant(1, ''), tenant(2, '시라사기 주조')] });
    await expect(askTenantNames(client, policy)(japanese)).rejects.toThrow(
      /^GET \/catalog\/products-filters\?lang=ko: brand 1: name: /,
    );
  });

  it('fails naming the language whose list keeps failing', async () => {
    const { client } = brandApi(inLanguage, { en: 99 });
    await expect(askTenantNames(client, policy)(japanese)).rejects.toMatchObject({
      endpoint: 'GET /catalog/products-filters?lang=en',
      status: 503,
    });
  });
});
