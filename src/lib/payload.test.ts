import { hangingFetch } from '../../tests/fixtures/network.ts';
import { fetchPayload, payloadPath } from './payload.ts';

const summary = {
  id: 2,
  areaId: 1,
  title: '本練り羊羹',
  tenantName: '京菓子司 香月堂',
  imageSrc: null,
  price: 2592,
  maxPrice: 4644,
  compareAtPrice: null,
  onSale: false,
  soldOut: false,
  href: '/area/1/products/2/',
};

describe('page payloads', () => {
  it('sit beside their page', () => {
    expect(payloadPath('/area/1/')).toBe('/area/1/_payload.json');
    expect(payloadPath('/area/1/products/2')).toBe('/area/1/products/2/_payload.json');
  });

  it('are read from the site, null for a page that no longer exists or is of another kind', async () => {
    const answers: Record<string, Response> = {
      '/area/1/products/2/_payload.json': Response.json({ kind: 'product', summary }),
      '/area/1/_payload.json': Response.json({ kind: 'area' }),
    };
    const fetchImpl = (async (url: string) =>
      answers[url] ?? new Response('<h1>404</h1>', { status: 404 })) as unknown as typeof fetch;
    expect(
      (
        await fetchPayload<{ kind: 'product'; summary: typeof summary }>(
          '/area/1/products/2/',
          'product',
          fetchImpl,
        )
      )?.summary,
    ).toEqual(summary);
    expect(await fetchPayload('/area/1/', 'product', fetchImpl)).toBeNull();
    expect(await fetchPayload('/area/9/products/9/', 'product', fetchImpl)).toBeNull();
  });

  it('reject on a server failure, so a favorite is kept as it was', async () => {
    const fetchImpl = (async () => new Response('', { status: 503 })) as unknown as typeof fetch;
    await expect(fetchPayload('/area/1/products/2/', 'product', fetchImpl)).rejects.toThrow('503');
  });

  it('give up on a server that does not answer in time, so a scan or a favorite is not left waiting', async () => {
    vi.useFakeTimers();
    try {
      const read = fetchPayload('/area/1/products/2/', 'product', hangingFetch);
      const failed = expect(read).rejects.toMatchObject({ name: 'AbortError' });
      await vi.advanceTimersByTimeAsync(10_000);
      await failed;
    } finally {
      vi.useRealTimers();
    }
  });
});
