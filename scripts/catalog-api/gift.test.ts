import {
  Client,
  findVariant,
  makeApp,
  sameDatabase,
  staffCookie,
  staffHeaders,
  type TestApp,
} from './test-helpers.ts';

let t: TestApp;
let shopper: Client;

beforeEach(async () => {
  t = await makeApp();
  shopper = new Client(t.app);
});

interface Line {
  id: number;
  selectVariantId: number;
  noshi?: boolean;
  gift?: { noshi: { title: string; placement: string; name: string | null } | null; message: string | null };
}
interface CartBody {
  products: Line[];
  noshiTitles?: string[];
  grandTotal: number;
}

const TAKES_NOSHI = 'total_stock >= 5 AND product_id IN (SELECT id FROM products WHERE noshi = 1)';
const TAKES_NONE = 'total_stock >= 5 AND product_id IN (SELECT id FROM products WHERE noshi = 0)';

async function add(where: string, receive: 'store' | 'ship' = 'ship') {
  const v = await findVariant(t, where);
  const line = { productId: v.productId, variantId: v.variantId };
  expect((await shopper.call('POST', '/catalog/cart/product', { body: { ...line, addQty: 1 } })).status).toBe(
    200,
  );
  if (receive === 'store') {
    await shopper.call('PUT', '/catalog/cart/product-receive', { body: { ...line, receive } });
  }
  return line;
}

const setGift = (body: Record<string, unknown>) =>
  shopper.call('PUT', '/catalog/cart/product-gift', { body });

async function bag(): Promise<CartBody> {
  return (await shopper.call('POST', '/catalog/cart')).body as CartBody;
}

const oseibo = { title: '御歳暮', placement: 'outside', name: '山田' };

describe('which products take のし', () => {
  test('the seed has food and towels taking のし, and goods that take none; the bag says which', async () => {
    const [counts] = await t.query<{ yes: number; no: number }>(
      'SELECT SUM(noshi) AS yes, COUNT(*) - SUM(noshi) AS no FROM products',
    );
    expect(Number(counts?.yes)).toBeGreaterThan(50);
    expect(Number(counts?.no)).toBeGreaterThan(0);
    const yes = await add(TAKES_NOSHI);
    const no = await add(TAKES_NONE);
    const lines = (await bag()).products;
    expect(lines.find((l) => l.id === yes.productId)?.noshi).toBe(true);
    expect(lines.find((l) => l.id === no.productId)?.noshi).toBe(false);
  });

  test('the bag offers the store’s 表書き, the default list unless configured', async () => {
    expect((await bag()).noshiTitles).toEqual([
      '御歳暮',
      '御中元',
      '内祝',
      '御礼',
      '御祝',
      '寿',
      '志',
      '無地',
    ]);
    const own = await makeApp({ config: { noshiTitles: ['御年賀', '寿'] } });
    const other = new Client(own.app);
    const answer = (await other.call('POST', '/catalog/cart')).body as CartBody;
    expect(answer.noshiTitles).toEqual(['御年賀', '寿']);
  });
});

describe('のし and a message card on a line', () => {
  test('are stored on the line and shown in the bag, without changing what it costs', async () => {
    const line = await add(TAKES_NOSHI);
    const before = await bag();
    const result = await setGift({ ...line, noshi: oseibo, message: 'いつもありがとう。\nお元気で。' });
    expect(result.status).toBe(200);
    const after = result.body as CartBody;
    expect(after.products[0]?.gift).toEqual({ noshi: oseibo, message: 'いつもありがとう。\nお元気で。' });
    expect(after.grandTotal).toBe(before.grandTotal);
    expect((await bag()).products[0]?.gift).toEqual({
      noshi: oseibo,
      message: 'いつもありがとう。\nお元気で。',
    });
  });

  test('a field left out keeps the line’s; null takes it off; a line without either has no gift', async () => {
    const line = await add(TAKES_NOSHI);
    await setGift({ ...line, noshi: oseibo });
    await setGift({ ...line, message: 'おめでとう' });
    expect((await bag()).products[0]?.gift).toEqual({ noshi: oseibo, message: 'おめでとう' });
    await setGift({ ...line, noshi: null, message: null });
    expect((await bag()).products[0]).not.toHaveProperty('gift');
  });

  test('a message card goes only with a shipped line: picked up, it is neither taken nor shown', async () => {
    const line = await add(TAKES_NOSHI);
    await setGift({ ...line, noshi: oseibo, message: 'おめでとう' });
    await shopper.call('PUT', '/catalog/cart/product-receive', { body: { ...line, receive: 'store' } });
    expect((await bag()).products[0]?.gift).toEqual({ noshi: oseibo, message: null });
    const refused = await setGift({ ...line, message: 'ありがとう' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'MESSAGE_NOT_SHIPPED' });
  });
});

describe('a gift the rules refuse: 422 with a code and a Japanese message, nothing changed', () => {
  const cases: [
    string,
    string,
    (line: { productId: number; variantId: number }) => Record<string, unknown>,
    string,
    string,
  ][] = [
    [
      'an unknown 表書き',
      TAKES_NOSHI,
      (l) => ({ ...l, noshi: { ...oseibo, title: '御見舞' } }),
      'UNKNOWN_NOSHI_TITLE',
      'noshi.title',
    ],
    [
      'an over-long name',
      TAKES_NOSHI,
      (l) => ({ ...l, noshi: { ...oseibo, name: '山'.repeat(21) } }),
      'NOSHI_NAME_TOO_LONG',
      'noshi.name',
    ],
    [
      'control characters in the name',
      TAKES_NOSHI,
      (l) => ({ ...l, noshi: { ...oseibo, name: '山田\u0000' } }),
      'CONTROL_CHARACTERS',
      'noshi.name',
    ],
    [
      'control characters in the message',
      TAKES_NOSHI,
      (l) => ({ ...l, message: 'ありがとう\u001b[31m' }),
      'CONTROL_CHARACTERS',
      'message',
    ],
    [
      'emoji in the name',
      TAKES_NOSHI,
      (l) => ({ ...l, noshi: { ...oseibo, name: '山田🎁' } }),
      'EMOJI',
      'noshi.name',
    ],
    ['emoji in the message', TAKES_NOSHI, (l) => ({ ...l, message: 'おめでとう🎉' }), 'EMOJI', 'message'],
    [
      'an over-long message',
      TAKES_NOSHI,
      (l) => ({ ...l, message: 'あ'.repeat(101) }),
      'MESSAGE_TOO_LONG',
      'message',
    ],
    [
      'のし on a product that takes none',
      TAKES_NONE,
      (l) => ({ ...l, noshi: oseibo }),
      'NOSHI_NOT_ACCEPTED',
      'noshi.title',
    ],
  ];
  for (const [what, where, body, code, field] of cases) {
    test(what, async () => {
      const line = await add(where);
      await setGift({ ...line, message: '前のメッセージ' });
      const before = await bag();
      const result = await setGift(body(line));
      expect(result.status).toBe(422);
      const error = result.body as { code: string; fields: Record<string, string> };
      expect(error.code).toBe(code);
      expect(error.fields[field]).toMatch(/[ぁ-んァ-ン一-龥]/);
      expect(await bag()).toEqual(before);
    });
  }

  test('the messages say the limits', async () => {
    const line = await add(TAKES_NOSHI);
    const name = await setGift({ ...line, noshi: { ...oseibo, name: '山'.repeat(21) } });
    expect((name.body as { fields: Record<string, string> }).fields['noshi.name']).toBe(
      '名入れは20文字以内で入力してください。',
    );
  });

  test('a wrong shape is a 400: an unknown placement, an unknown field', async () => {
    const line = await add(TAKES_NOSHI);
    expect((await setGift({ ...line, noshi: { ...oseibo, placement: 'over' } })).status).toBe(400);
    expect((await setGift({ ...line, ribbon: true })).status).toBe(400);
    expect((await setGift({ ...line, noshi: { title: 1, placement: 'outside' } })).status).toBe(400);
  });

  test('a line not in the bag is a 404', async () => {
    const v = await findVariant(t, TAKES_NOSHI);
    await add(TAKES_NONE);
    expect((await setGift({ productId: v.productId, variantId: v.variantId, noshi: oseibo })).status).toBe(
      404,
    );
  });
});

describe('everywhere the order goes', () => {
  test('the QR confirmation, the counter’s screen (as printed) and the order keep the gift', async () => {
    const line = await add(TAKES_NOSHI);
    await setGift({ ...line, noshi: oseibo, message: 'いつもありがとう。' });
    const issued = await shopper.call('POST', '/catalog/cart/qr');
    expect(issued.status).toBe(201);
    const alias = (issued.body as { draftOrderAlias: string }).draftOrderAlias;
    // Changing the bag afterwards does not change what was issued.
    await setGift({ ...line, noshi: null });

    const confirmation = (await shopper.call('GET', `/catalog/cart/qr/${alias}`)).body as CartBody;
    expect(confirmation.products[0]?.gift).toEqual({ noshi: oseibo, message: 'いつもありがとう。' });

    const cookie = await staffCookie(t.app);
    const counter = await (await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } })).text();
    expect(counter).toContain('のし：外のし・御歳暮・名入れ 山田');
    expect(counter).toContain('メッセージカード：いつもありがとう。');

    const completed = await shopper.call('POST', `/catalog/cart/qr/${alias}/complete`, {
      headers: { Cookie: cookie },
    });
    expect(completed.status).toBe(200);
    const order = completed.body as { orderAlias: string; lines: Line[]; shipments: { lines: Line[] }[] };
    expect(order.lines[0]?.gift).toEqual({ noshi: oseibo, message: 'いつもありがとう。' });
    expect(order.shipments[0]?.lines[0]?.gift?.noshi).toEqual(oseibo);
    const read = (await shopper.call('GET', `/catalog/orders/${order.orderAlias}`)).body as { lines: Line[] };
    expect(read.lines[0]?.gift?.noshi).toEqual(oseibo);
  });

  test('the counter escapes what the shopper typed', async () => {
    const line = await add(TAKES_NOSHI);
    await setGift({ ...line, noshi: { ...oseibo, name: '<b>山田</b>' }, message: '<script>x</script>' });
    const alias = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    const cookie = await staffCookie(t.app);
    const counter = await (await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } })).text();
    expect(counter).toContain('名入れ &lt;b&gt;山田&lt;/b&gt;');
    expect(counter).not.toContain('<script>x');
  });
});

describe('the personal texts of a gift', () => {
  test('the 名入れ and the message card are deleted with the address, once the retention after shipping is over', async () => {
    const retentionDays = 7;
    t = await makeApp({ config: { addressRetentionDays: retentionDays } });
    shopper = new Client(t.app);
    const line = await add(TAKES_NOSHI);
    await setGift({ ...line, noshi: oseibo, message: '山田より、いつもありがとう。' });
    const draft = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    const paid = await shopper.call('POST', `/catalog/cart/qr/${draft}/complete`, {
      headers: await staffHeaders(t.app),
    });
    const order = paid.body as { orderAlias: string; shipments: { shipmentAlias: string }[] };
    const shipment = order.shipments[0]?.shipmentAlias ?? '';
    const address = {
      postalCode: '100-0001',
      prefecture: '東京都',
      city: '千代田区',
      street: '千代田1-1',
      building: null,
      name: '佐藤 花子',
      nameKana: 'サトウ ハナコ',
      phone: '03-1234-5678',
    };
    expect(
      (await shopper.call('PUT', `/catalog/shipments/${shipment}/address`, { body: address })).status,
    ).toBe(200);
    const shipped = await shopper.call('POST', `/store/shipments/${shipment}/shipped`, {
      headers: await staffHeaders(t.app),
      token: null,
    });
    expect(shipped.status).toBe(200);
    const stored = async () =>
      JSON.stringify([
        await t.query('SELECT data FROM orders'),
        await t.query('SELECT lines FROM shipments'),
      ]);
    expect(await stored()).toContain('山田より');

    t.clock.advance(retentionDays * 86_400 + 3600);
    // Another instance starting over the same database: its sweep runs at once.
    const other = await makeApp({
      database: sameDatabase(t.database),
      clock: t.clock,
      config: { addressRetentionDays: retentionDays },
    });
    if (other.database !== t.database) await other.database.close();
    const after = await stored();
    expect(after).not.toContain('山田より');
    expect(after).not.toContain('"name":"山田"');
    const read = (await shopper.call('GET', `/catalog/orders/${order.orderAlias}`)).body as { lines: Line[] };
    expect(read.lines[0]?.gift).toEqual({ noshi: { ...oseibo, name: null }, message: null });
  });
});
