import { DataNotFoundError } from '../errors.ts';
import { getCartCount } from './cart-count.ts';

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

  it('fails with the SPEC message, the endpoint and the API code', async () => {
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
