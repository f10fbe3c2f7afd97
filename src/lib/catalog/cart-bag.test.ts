import { DataNotFoundError } from '../errors.ts';
import { checkCart, issueCartQr, setCartQty, setCartReceive, setCartWrapping } from './cart-bag.ts';
import { setCartGift } from './cart-gift.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Options that send through a recording fetch answering `answer`. */
function recording(answer: () => Response) {
  const seen: { method: string; url: string; body: unknown; credentials: RequestCredentials }[] = [];
  return {
    seen,
    options: {
      baseUrl: 'http://api.test',
      token: 'tok',
      timeoutMs: 1000,
      fetch: async (request: Request) => {
        const text = await request.text();
        seen.push({
          method: request.method,
          url: request.url,
          body: text ? JSON.parse(text) : undefined,
          credentials: request.credentials,
        });
        return answer();
      },
    },
  };
}

describe("the bag page's calls, through plain fetch", () => {
  it('read and change the bag as the contract says, with cookies, in the chat language when given', async () => {
    const { seen, options } = recording(() => json({ products: [] }));
    await checkCart(undefined, options);
    await checkCart('zh', options);
    await setCartQty({ productId: 1, variantId: 11, qty: 2 }, options);
    await setCartReceive({ productId: 1, variantId: 11, receive: 'ship', lang: 'ko' }, options);
    await setCartWrapping(true, undefined, options);
    await setCartWrapping(false, 'en', options);
    expect(seen.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', 'http://api.test/catalog/cart', {}],
      ['POST', 'http://api.test/catalog/cart', { lang: 'zh' }],
      ['PUT', 'http://api.test/catalog/cart/product-qty', { productId: 1, variantId: 11, qty: 2 }],
      [
        'PUT',
        'http://api.test/catalog/cart/product-receive',
        { productId: 1, variantId: 11, receive: 'ship', lang: 'ko' },
      ],
      ['PUT', 'http://api.test/catalog/cart/wrapping', { wrapping: true }],
      ['PUT', 'http://api.test/catalog/cart/wrapping', { wrapping: false, lang: 'en' }],
    ]);
    expect(seen.every((request) => request.credentials === 'include')).toBe(true);
  });

  it("set a line's のし and message card, and keep a 422's code and field messages", async () => {
    const noshi = { title: '御歳暮', placement: 'outside' as const, name: '山田' };
    const { seen, options } = recording(() => json({ products: [] }));
    await setCartGift({ productId: 1, variantId: 11, noshi, message: 'おめでとう', lang: 'en' }, options);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: 'http://api.test/catalog/cart/product-gift' });
    expect(seen[0]?.body).toEqual({ productId: 1, variantId: 11, noshi, message: 'おめでとう', lang: 'en' });
    const refusal = {
      code: 'NOSHI_NAME_TOO_LONG',
      message: 'x',
      fields: { 'noshi.name': '名入れは20文字以内' },
    };
    const refused = recording(() => json(refusal, 422));
    const error = await setCartGift({ productId: 1, variantId: 11, noshi }, refused.options).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 422, code: 'NOSHI_NAME_TOO_LONG', cause: refusal });
  });

  it('issue the QR and give its alias', async () => {
    const { seen, options } = recording(() => json({ draftOrderAlias: 'Q'.repeat(32) }));
    expect(await issueCartQr({ lang: 'zh', via: 'chat' }, options)).toEqual({
      draftOrderAlias: 'Q'.repeat(32),
    });
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'http://api.test/catalog/cart/qr' });
    expect(seen[0]?.body).toEqual({ lang: 'zh', via: 'chat' });
  });

  it("fail as the typed calls did: the call's fixed message, the API's code and warnings kept", async () => {
    const refusal = { code: 'CART_HAS_WARNINGS', warning: [{ productId: 1, variantId: 11 }] };
    const { options } = recording(() => json(refusal, 409));
    const error = await issueCartQr({}, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataNotFoundError);
    expect(error).toMatchObject({
      message: 'draft order not found.',
      endpoint: 'POST /catalog/cart/qr',
      status: 409,
      code: 'CART_HAS_WARNINGS',
      retryable: false,
      cause: refusal,
    });
  });
});
