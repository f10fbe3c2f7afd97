import { DataNotFoundError, describeFailure } from '../errors.ts';
import { listAreas, listProducts, listTenants } from './catalogue.ts';
import { createCatalogClient } from './client.ts';

const area = { id: 1, imageSrc: 'http://img.test/a.jpg', description: '一階', place: 'a' };

function clientWith(respond: (request: Request) => Response | Promise<Response>, timeoutMs = 1000) {
  const seen: Request[] = [];
  const client = createCatalogClient({
    baseUrl: 'http://api.test',
    token: 'tok',
    timeoutMs,
    fetch: async (request) => {
      seen.push(request);
      return respond(request);
    },
  });
  return { client, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the catalog client', () => {
  it('sends the API token header and cookies to the configured base URL', async () => {
    const { client, seen } = clientWith(() => json([area]));
    expect(await listAreas(client)).toEqual([area]);
    expect(seen[0]?.url).toBe('http://api.test/catalog/areas');
    expect(seen[0]?.headers.get('X-Api-Token')).toBe('tok');
    expect(seen[0]?.credentials).toBe('include');
  });

  it('serialises the product query as the contract names it', async () => {
    const { client, seen } = clientWith(() => json({ products: [], count: 0 }));
    await listProducts({ areaId: 2, page: 3, tenantIds: [4, 5] }, client);
    expect(new URL(seen[0]?.url ?? '').search).toBe('?area_id=2&page=3&size=10&tenant_ids=4%2C5');
  });

  it('asks for the brand list in a language, and names the call by its query when it fails', async () => {
    const { client, seen } = clientWith(() => json([]));
    await listTenants({ areaId: 2, lang: 'zh' }, client);
    expect(new URL(seen[0]?.url ?? '').search).toBe('?area_id=2&lang=zh');
    const failing = clientWith(() => json({ code: 'NOT_FOUND', message: 'no' }, 404));
    await expect(listTenants({ lang: 'ko' }, failing.client)).rejects.toMatchObject({
      endpoint: 'GET /catalog/products-filters?lang=ko',
    });
  });

  it('turns a 404 into a DataNotFoundError with the fixed message of the call and the endpoint', async () => {
    const { client } = clientWith(() => json({ code: 'NOT_FOUND', message: 'no' }, 404));
    const error = await listAreas(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataNotFoundError);
    expect(error).toMatchObject({
      message: 'areas not found.',
      status: 404,
      code: 'NOT_FOUND',
      endpoint: 'GET /catalog/areas',
      retryable: false,
    });
  });

  it('marks server errors, timeouts and malformed bodies as retryable', async () => {
    const server = clientWith(() => json({ code: 'UNAVAILABLE', message: 'down' }, 503));
    await expect(listAreas(server.client)).rejects.toMatchObject({ status: 503, retryable: true });

    const malformed = clientWith(
      () => new Response('{"products": [', { headers: { 'content-type': 'application/json' } }),
    );
    await expect(listProducts({}, malformed.client)).rejects.toMatchObject({
      message: 'products not found.',
      code: 'MALFORMED_RESPONSE',
      retryable: true,
    });

    const slow = clientWith(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
      20,
    );
    await expect(listAreas(slow.client)).rejects.toMatchObject({
      status: 504,
      code: 'TIMEOUT',
      retryable: true,
    });
  });

  it('describes a failure with its endpoint, status and the API code, for build logs', async () => {
    const { client } = clientWith(() => json({ code: 'X', message: 'x' }, 500));
    const error = (await listAreas(client).catch((e: unknown) => e)) as DataNotFoundError;
    expect(describeFailure(error)).toBe('areas not found. (GET /catalog/areas → 500 X)');
    const bare = clientWith(() => new Response('', { status: 502 }));
    const gateway = (await listAreas(bare.client).catch((e: unknown) => e)) as DataNotFoundError;
    expect(describeFailure(gateway)).toBe('areas not found. (GET /catalog/areas → 502)');
  });

  it('says why no status came rather than inventing one', async () => {
    const reasons = async (respond: Parameters<typeof clientWith>[0], timeoutMs?: number) =>
      describeFailure(
        (await listAreas(clientWith(respond, timeoutMs).client).catch(
          (e: unknown) => e,
        )) as DataNotFoundError,
      );
    expect(await reasons(() => new Response('{"areas": [', { status: 200 }))).toBe(
      'areas not found. (GET /catalog/areas → an answer that is not JSON)',
    );
    expect(
      await reasons(() => {
        throw new TypeError('fetch failed');
      }),
    ).toBe('areas not found. (GET /catalog/areas → no connection)');
    expect(
      await reasons(
        (request) =>
          new Promise<Response>((_, reject) =>
            request.signal.addEventListener('abort', () => reject(request.signal.reason)),
          ),
        20,
      ),
    ).toBe('areas not found. (GET /catalog/areas → no answer in time)');
  });
});
