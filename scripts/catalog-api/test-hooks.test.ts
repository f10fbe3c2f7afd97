import { Client, findVariant, makeApp, staffHeaders, type TestApp } from './test-helpers.ts';

let t: TestApp;
let shopper: Client;

beforeEach(async () => {
  t = await makeApp({ config: { testSwitches: true } });
  shopper = new Client(t.app);
});

async function issueAlias(): Promise<string> {
  const v = await findVariant(t, 'total_stock >= 5');
  await shopper.call('POST', '/catalog/cart/product', {
    body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
  });
  const issued = await shopper.call('POST', '/catalog/cart/qr');
  return (issued.body as { draftOrderAlias: string }).draftOrderAlias;
}

const expire = (alias: string, env?: object, headers: Record<string, string> = {}) =>
  t.app.request(`/__test/draft-orders/${alias}/expire`, { method: 'POST', headers }, env);

describe('POST /__test/draft-orders/{alias}/expire (end-to-end test hook)', () => {
  test('a pending draft order expires at once: status, confirmation and counter all say so', async () => {
    const alias = await issueAlias();
    const result = await expire(alias);
    expect(result.status).toBe(200);
    expect(await result.json()).toMatchObject({ draftOrderAlias: alias, status: 'expired' });
    expect((await shopper.call('GET', `/catalog/cart/qr/${alias}/status`)).body).toMatchObject({
      status: 'expired',
    });
    expect((await shopper.call('GET', `/catalog/cart/qr/${alias}`)).body).toEqual({ errorCode: 'EXPIRED' });
    const late = await shopper.call('POST', `/catalog/cart/qr/${alias}/complete`, {
      headers: await staffHeaders(t.app),
    });
    expect(late.body).toMatchObject({ code: 'EXPIRED' });
  });

  test('the time limit of other draft orders is untouched', async () => {
    const mine = await issueAlias();
    const other = new Client(t.app);
    shopper = other;
    const theirs = await issueAlias();
    await expire(mine);
    expect((await other.call('GET', `/catalog/cart/qr/${theirs}/status`)).body).toMatchObject({
      status: 'pending',
    });
  });

  test('unknown is 404, malformed 400, not pending 409', async () => {
    expect((await expire('Z'.repeat(32))).status).toBe(404);
    expect((await expire('short')).status).toBe(400);
    const alias = await issueAlias();
    await expire(alias);
    const again = await expire(alias);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'NOT_PENDING' });
  });

  test('only a direct loopback call may use it, never one relayed by the site’s /api proxy', async () => {
    const alias = await issueAlias();
    const remote = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
    expect((await expire(alias, remote)).status).toBe(403);
    const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    expect((await expire(alias, local, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(403);
    expect((await shopper.call('GET', `/catalog/cart/qr/${alias}/status`)).body).toMatchObject({
      status: 'pending',
    });
    expect((await expire(alias, local)).status).toBe(200);
  });
});
