/**
 * The API's log is JSON lines, one per request, and holds no secret a shopper or staff member carries:
 * no session cookie, no alias in full, no counter code, no address.
 */
import { createApp } from './app.ts';
import { testConfig } from './config.ts';
import { createLogger } from './log.ts';
import { everyRole, hashPassword } from './staff.ts';
import { Client, findVariant, query, SITE_ORIGIN, seededDatabase } from './test-helpers.ts';

test('a whole purchase leaves request lines and nothing a link or cookie opens', async () => {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(line) });
  const database = await seededDatabase();
  const password = 'log-test-staff-password';
  const app = await createApp({
    database,
    config: testConfig({
      staffAccounts: new Map([['staff', everyRole(hashPassword(password, { N: 16384 }))]]),
    }),
    logger,
  });
  const shopper = new Client(app);
  const v = await findVariant(
    { query: (text, ...params) => query(database.db, text, ...params) },
    'total_stock >= 2',
  );
  await shopper.call('POST', '/catalog/cart/product', {
    body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
  });
  const issued = (await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string };
  const confirmation = (await shopper.call('GET', `/catalog/cart/qr/${issued.draftOrderAlias}`)).body as {
    counterCode: string;
  };
  const signIn = await app.request('/store/signin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_ORIGIN },
    body: new URLSearchParams({ account: 'staff', password }).toString(),
  });
  const staffCookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await app.request(`/catalog/cart/qr/${issued.draftOrderAlias}/complete`, {
    method: 'POST',
    headers: { Cookie: staffCookie, Origin: SITE_ORIGIN, 'X-Api-Token': testConfig().apiToken },
  });
  const status = (await shopper.call('GET', `/catalog/cart/qr/${issued.draftOrderAlias}/status`)).body as {
    orderAlias: string;
  };
  const order = (await shopper.call('GET', `/catalog/orders/${status.orderAlias}`)).body as {
    shipments: { shipmentAlias: string }[];
  };
  const shipmentAlias = order.shipments[0]?.shipmentAlias ?? '';
  const address = {
    postalCode: '150-0001',
    prefecture: '東京都',
    city: '渋谷区神宮前',
    street: '4-5-6',
    building: null,
    name: '山田 花子',
    nameKana: 'ヤマダ ハナコ',
    phone: '090-1234-5678',
    deliveryDate: null,
    deliveryTimeSlot: null,
  };
  expect(
    (await shopper.call('PUT', `/catalog/shipments/${shipmentAlias}/address`, { body: address })).status,
  ).toBe(200);

  const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.length).toBe(8);
  for (const record of records) {
    expect(record).toMatchObject({ service: 'catalog-api', msg: 'request' });
    expect(typeof record.status).toBe('number');
  }
  expect(records.map((r) => r.path)).toContain(`/catalog/shipments/${shipmentAlias.slice(0, 4)}…/address`);
  const log = lines.join('');
  const session = (shopper.cookie ?? '').split('=')[1] ?? '';
  for (const secret of [
    issued.draftOrderAlias,
    status.orderAlias,
    shipmentAlias,
    confirmation.counterCode,
    session,
    staffCookie.split('=')[1] ?? '',
    password,
    '4-5-6',
    '山田 花子',
    '090-1234-5678',
  ]) {
    expect(secret.length).toBeGreaterThan(4);
    expect(log).not.toContain(secret);
  }
});
