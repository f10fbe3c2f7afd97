import { DataNotFoundError } from '../errors.ts';
import { addToCart } from './cart-add.ts';
import { getCartCount } from './cart-lean.ts';
import { getProduct } from './product-lean.ts';
import { listProductPage } from './product-list-lean.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fetchWith(respond: (request: Request) => Response) {
  const seen: Request[] = [];
  return {
    seen,
    options: {
      baseUrl: 'http://api.test',
      token: 'tok',
      timeoutMs: 1000,
      fetch: async (request: Request) => {
        seen.push(request);
        return respond(request);
      },
    },
  };
}

describe('the lean bag count', () => {
  it('asks the count with the token header and cookies, like the typed client', async () => {
    const { seen, options } = fetchWith(() => json({ count: 3 }));
    expect(await getCartCount(options)).toBe(3);
    expect(seen[0]?.url).toBe('http://api.test/catalog/cart/products/count');
    expect(seen[0]?.headers.get('X-Api-Token')).toBe('tok');
    expect(seen[0]?.credentials).toBe('include');
  });

  it('fails with the fixed message of the call, the endpoint and the API code', async () => {
    const { options } = fetchWith(() => json({ code: 'UNAVAILABLE', message: 'down' }, 503));
    const error = await getCartCount(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataNotFoundError);
    expect(error).toMatchObject({
      message: 'count not found.',
      endpoint: 'GET /catalog/cart/products/count',
      status: 503,
      code: 'UNAVAILABLE',
      retryable: true,
    });
  });

  it('treats a body that is not JSON as a retryable failure', async () => {
    const { options } = fetchWith(() => new Response('<html>', { status: 200 }));
    await expect(getCartCount(options)).rejects.toMatchObject({
      code: 'MALFORMED_RESPONSE',
      retryable: true,
    });
  });
});

describe('adding to the bag without the typed client', () => {
  it('posts the line as JSON with the token header and cookies, and answers with the bag', async () => {
    const { seen, options } = fetchWith(() => json({ count: 1, products: [] }));
    expect(await addToCart({ productId: 2, variantId: 7, addQty: 1 }, options)).toMatchObject({ count: 1 });
    const request = seen[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://api.test/catalog/cart/product');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('X-Api-Token')).toBe('tok');
    expect(request?.credentials).toBe('include');
    expect(await request?.json()).toEqual({ productId: 2, variantId: 7, addQty: 1 });
  });

  it("fails with the call's message, the endpoint and the API code (out of stock)", async () => {
    const { options } = fetchWith(() => json({ code: 'OUT_OF_STOCK', message: 'gone' }, 409));
    await expect(addToCart({ productId: 2, variantId: 7, addQty: 1 }, options)).rejects.toMatchObject({
      message: 'cart not found.',
      endpoint: 'POST /catalog/cart/product',
      status: 409,
      code: 'OUT_OF_STOCK',
      retryable: false,
    });
  });
});

describe('a product as the API has it now', () => {
  it('asks for the product by its id in the path', async () => {
    const { seen, options } = fetchWith(() => json({ id: 12, variants: [] }));
    expect(await getProduct(12, options)).toMatchObject({ id: 12 });
    expect(seen[0]?.url).toBe('http://api.test/catalog/products/12');
    expect(seen[0]?.method).toBe('GET');
  });

  it("asks in chat mode's language when given one", async () => {
    const { seen, options } = fetchWith(() => json({ id: 12, variants: [] }));
    await getProduct(12, { ...options, lang: 'zh' });
    expect(seen[0]?.url).toBe('http://api.test/catalog/products/12?lang=zh');
    expect(seen[0]?.headers.get('X-Api-Token')).toBe('tok');
  });

  it('fails with "product not found." and the status when the product is gone', async () => {
    const { options } = fetchWith(() => json({ code: 'NOT_FOUND', message: 'gone' }, 404));
    await expect(getProduct(12, options)).rejects.toMatchObject({
      message: 'product not found.',
      endpoint: 'GET /catalog/products/12',
      status: 404,
    });
  });
});

describe('a page of products without the typed client', () => {
  it('asks with the query as the contract names it, as the typed client does', async () => {
    const { seen, options } = fetchWith(() => json({ products: [], count: 0 }));
    expect(await listProductPage({ areaId: 2, page: 3, tenantIds: [4, 5] }, options)).toEqual({
      products: [],
      count: 0,
    });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?area_id=2&page=3&size=10&tenant_ids=4%2C5');
    expect(seen[0]?.headers.get('X-Api-Token')).toBe('tok');
  });

  it('fails with "products not found." and the endpoint with its query', async () => {
    const { options } = fetchWith(() => json({ code: 'UNAVAILABLE', message: 'down' }, 503));
    await expect(listProductPage({ page: 2, lang: 'en' }, options)).rejects.toMatchObject({
      message: 'products not found.',
      endpoint: 'GET /catalog/products?page=2&size=10&lang=en',
      status: 503,
      retryable: true,
    });
  });
});
