import type { ProductPayload } from '../product/index.ts';
import { resolveScan } from './scan-destination.ts';

const SITE = 'https://gift.example.jp';

/** A site whose product pages are the given (area, product, tenant) triples; every other page is a 404. */
function site(pages: [number, number, number][]): typeof fetch & { asked: string[] } {
  const asked: string[] = [];
  const impl = (async (input: RequestInfo | URL) => {
    const path = String(input);
    asked.push(path);
    const page = pages.find(([area, product]) => path === `/area/${area}/products/${product}/_payload.json`);
    if (!page) return new Response('not found', { status: 404 });
    const [areaId, id, tenantId] = page;
    const payload = { kind: 'product', areaId, product: { id, tenant: { id: tenantId } } };
    return Response.json(payload as unknown as ProductPayload);
  }) as typeof fetch & { asked: string[] };
  impl.asked = asked;
  return impl;
}

describe('resolving a scan', () => {
  const fetchImpl = site([[1, 82, 5]]);

  it('opens an existing product on its canonical page in the web catalogue', async () => {
    await expect(
      resolveScan(`${SITE}/area/1/products/82/`, { origins: [SITE], mode: { kind: 'web' }, fetchImpl }),
    ).resolves.toEqual({ kind: 'open', href: '/area/1/products/82/' });
  });

  it('opens the legacy form on the canonical page', async () => {
    await expect(
      resolveScan(`${SITE}/area?id=1&product=82`, { origins: [SITE], mode: { kind: 'web' }, fetchImpl }),
    ).resolves.toEqual({ kind: 'open', href: '/area/1/products/82/' });
  });

  it('opens an existing product in chat mode in the visitor’s language', async () => {
    await expect(
      resolveScan(`${SITE}/area/1/products/82/`, {
        origins: [SITE],
        mode: { kind: 'chat', language: 'ko' },
        fetchImpl,
      }),
    ).resolves.toEqual({ kind: 'open', href: '/chat/brands/5/?product=82&lang=ko' });
  });

  it('refuses a product that no longer exists', async () => {
    await expect(
      resolveScan(`${SITE}/area/1/products/83/`, { origins: [SITE], mode: { kind: 'web' }, fetchImpl }),
    ).resolves.toEqual({ kind: 'refused', reason: 'gone', shown: '' });
  });

  it('refuses a payload that answers for another product', async () => {
    const liar = (async () =>
      Response.json({
        kind: 'product',
        areaId: 1,
        product: { id: 7, tenant: { id: 1 } },
      })) as typeof fetch;
    await expect(
      resolveScan(`${SITE}/area/1/products/82/`, { origins: [SITE], mode: { kind: 'web' }, fetchImpl: liar }),
    ).resolves.toEqual({ kind: 'refused', reason: 'gone', shown: '' });
  });

  it('asks the site nothing for a refused code', async () => {
    const quiet = site([]);
    await resolveScan('javascript:alert(1)', { origins: [SITE], mode: { kind: 'web' }, fetchImpl: quiet });
    await resolveScan('https://evil.example.com/area/1/products/82/', {
      origins: [SITE],
      mode: { kind: 'web' },
      fetchImpl: quiet,
    });
    expect(quiet.asked).toEqual([]);
  });

  it('rejects when the site cannot be reached, so the view offers to scan again', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(
      resolveScan(`${SITE}/area/1/products/82/`, {
        origins: [SITE],
        mode: { kind: 'web' },
        fetchImpl: offline,
      }),
    ).rejects.toThrow('Failed to fetch');
  });
});
