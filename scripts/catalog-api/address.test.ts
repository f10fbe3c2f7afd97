import { PREFECTURES, tokyoDatePlus, validateAddress } from './address.ts';
import { Client, findVariant, makeApp, staffHeaders, type TestApp } from './test-helpers.ts';

const NOW = Date.UTC(2025, 0, 15, 1, 0, 0); // 2025-01-15 10:00 in Tokyo

const GOOD = {
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  street: '千代田1-1',
  building: 'ギフトビル 3F',
  name: '山田 太郎',
  nameKana: 'ヤマダ タロウ',
  phone: '03-1234-5678',
  deliveryDate: null,
  deliveryTimeSlot: null,
};

describe('validateAddress', () => {
  test('there are 47 prefectures, 北海道 first and 沖縄県 last', () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES).size).toBe(47);
    expect(PREFECTURES[0]).toBe('北海道');
    expect(PREFECTURES[12]).toBe('東京都');
    expect(PREFECTURES[46]).toBe('沖縄県');
  });

  test('normalises: full-width digits, optional hyphen, phone digits, half-width kana, empty building', () => {
    const result = validateAddress(
      {
        ...GOOD,
        postalCode: '１０００００１',
        phone: '０９０ー１２３４ー５６７８',
        nameKana: 'ﾔﾏﾀﾞ　ﾀﾛｳ',
        building: '  ',
        deliveryDate: '2025-01-18',
        deliveryTimeSlot: '19-21',
      },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      address: {
        ...GOOD,
        postalCode: '100-0001',
        phone: '+819012345678',
        nameKana: 'ヤマダ タロウ',
        building: null,
        deliveryDate: '2025-01-18',
        deliveryTimeSlot: '19-21',
      },
    });
  });

  test('each bad field gets a clear Japanese message', () => {
    const result = validateAddress(
      {
        postalCode: '123-45',
        prefecture: '東京',
        city: ' ',
        street: '',
        name: '',
        nameKana: 'やまだ たろう',
        phone: '12-3456-7890',
        deliveryDate: '2025-01-17',
        deliveryTimeSlot: 'night',
      },
      NOW,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toEqual({
      postalCode: '郵便番号は7桁の数字で入力してください（例: 100-0001）',
      prefecture: '都道府県は一覧から選択してください',
      city: '市区町村を入力してください',
      street: '番地を入力してください',
      name: '氏名を入力してください',
      nameKana: 'フリガナは全角カタカナ（海外のお名前はローマ字）で入力してください',
      phone:
        '電話番号は0から始まる10桁または11桁の数字、海外の番号は＋と国番号から入力してください（例: 090-1234-5678、+82 10-1234-5678）',
      deliveryDate: 'お届け希望日は2025年1月18日以降の日付を選択してください',
      deliveryTimeSlot: 'お届け時間帯は選択肢から選んでください',
    });
  });

  test('dates: 3 days ahead in Tokyo is the earliest; impossible dates are refused', () => {
    // 2025-01-15 23:30 UTC is already the 16th in Tokyo.
    expect(tokyoDatePlus(Date.UTC(2025, 0, 15, 23, 30), 3)).toBe('2025-01-19');
    expect(validateAddress({ ...GOOD, deliveryDate: '2025-01-18' }, NOW).ok).toBe(true);
    // A visitor from abroad writes the name in Latin letters and has no katakana reading to give: any
    // request may (the rule is the name's, not the mode's: the API cannot tell where a request came from).
    expect(validateAddress({ ...GOOD, name: 'Jane Smith', nameKana: '' }, NOW).ok).toBe(true);
    expect(validateAddress({ ...GOOD, nameKana: '' }, NOW).ok).toBe(false);
    const impossible = validateAddress({ ...GOOD, deliveryDate: '2025-02-30' }, NOW);
    expect(impossible.ok ? null : impossible.fields.deliveryDate).toContain('正しい日付');
  });

  test('phones: a Japanese number as written at home, or + and a country code; stored in E.164', () => {
    expect(validateAddress({ ...GOOD, phone: '0312345678' }, NOW)).toMatchObject({
      address: { phone: '+81312345678' },
    });
    expect(validateAddress({ ...GOOD, phone: '090-1234-5678' }, NOW).ok).toBe(true);
    expect(validateAddress({ ...GOOD, phone: '+82 10-1234-5678' }, NOW)).toMatchObject({
      address: { phone: '+821012345678' },
    });
    expect(validateAddress({ ...GOOD, phone: '031234567' }, NOW).ok).toBe(false);
    expect(validateAddress({ ...GOOD, phone: '090123456789' }, NOW).ok).toBe(false);
    const korean = validateAddress({ ...GOOD, phone: '010-1234-5678' }, NOW);
    expect(korean.ok ? null : korean.fields.phone).toContain('国番号');
  });

  test('a name in any script, with its reading in Latin letters', () => {
    expect(validateAddress({ ...GOOD, name: '김민지', nameKana: 'Kim Minji' }, NOW)).toMatchObject({
      address: { name: '김민지', nameKana: 'Kim Minji' },
    });
    expect(validateAddress({ ...GOOD, name: '김민지', nameKana: '' }, NOW).ok).toBe(false);
  });

  test('lengths are checked in characters', () => {
    const long = validateAddress({ ...GOOD, city: '区'.repeat(101) }, NOW);
    expect(long.ok ? null : long.fields.city).toBe('市区町村は100文字以内で入力してください');
  });

  test('a wrong shape (missing field, unknown field, wrong type) throws a 400', () => {
    const { phone: _phone, ...missing } = GOOD;
    expect(() => validateAddress(missing, NOW)).toThrow(/phone is required/);
    expect(() => validateAddress({ ...GOOD, fax: '03' }, NOW)).toThrow(/Unknown field/);
    expect(() => validateAddress({ ...GOOD, postalCode: 1000001 }, NOW)).toThrow(/must be a string/);
  });
});

describe('PUT /catalog/shipments/{alias}/address', () => {
  let t: TestApp;
  let shopper: Client;
  let shipmentAlias: string;

  beforeEach(async () => {
    t = await makeApp();
    shopper = new Client(t.app);
    const v = await findVariant(t, 'total_stock >= 5');
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    const issued = (await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string };
    const order = (
      await shopper.call('POST', `/catalog/cart/qr/${issued.draftOrderAlias}/complete`, {
        headers: await staffHeaders(t.app),
      })
    ).body as { shipments: { shipmentAlias: string }[] };
    shipmentAlias = order.shipments[0]?.shipmentAlias ?? '';
  });

  const put = (body: unknown) => shopper.call('PUT', `/catalog/shipments/${shipmentAlias}/address`, { body });

  test('422 with fields, and nothing stored', async () => {
    const result = await put({ ...GOOD, postalCode: 'abc', prefecture: 'Tokyo' });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({
      code: 'INVALID_ADDRESS',
      fields: {
        postalCode: expect.stringContaining('郵便番号'),
        prefecture: expect.stringContaining('都道府県'),
      },
    });
    expect((await shopper.call('GET', `/catalog/shipments/${shipmentAlias}`)).body).toMatchObject({
      status: 'awaiting_address',
      address: null,
    });
  });

  test('a good address is stored normalised; it can be corrected until the shipment leaves', async () => {
    const first = await put({ ...GOOD, postalCode: '1000001' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'address_received',
      address: { postalCode: '100-0001', phone: '+81312345678' },
    });
    const corrected = await put({ ...GOOD, city: '中央区' });
    expect(corrected.body).toMatchObject({ address: { city: '中央区' } });
    const shipped = await t.app.request(`/store/shipments/${shipmentAlias}/shipped`, {
      method: 'POST',
      headers: await staffHeaders(t.app),
    });
    expect(shipped.status).toBe(200);
    const late = await put(GOOD);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'ALREADY_SHIPPED' });
    expect((await shopper.call('GET', `/catalog/shipments/${shipmentAlias}`)).body).toMatchObject({
      status: 'shipped',
      address: { city: '中央区' },
    });
  });

  test("a change after the first address is dated on the shipment, for the buyer's order page", async () => {
    const first = await put(GOOD);
    expect(first.body).toMatchObject({ status: 'address_received', addressChangedAt: null });
    t.clock.advance(60);
    const changed = await put({ ...GOOD, city: '中央区' });
    expect(changed.status).toBe(200);
    const changedAt = (changed.body as { addressChangedAt: string }).addressChangedAt;
    expect(new Date(changedAt).getTime()).toBe(t.clock.now());
    // The buyer's order page carries it, whoever changed the address through the link.
    const orderAlias = (changed.body as { orderAlias: string }).orderAlias;
    const order = (await shopper.call('GET', `/catalog/orders/${orderAlias}`)).body as {
      shipments: { addressChangedAt: string | null }[];
    };
    expect(order.shipments[0]?.addressChangedAt).toBe(changedAt);
    // A refused change is no change.
    t.clock.advance(60);
    expect((await put({ ...GOOD, postalCode: 'abc' })).status).toBe(422);
    expect((await shopper.call('GET', `/catalog/shipments/${shipmentAlias}`)).body).toMatchObject({
      addressChangedAt: changedAt,
    });
  });

  test('marking shipped needs the staff token and an address', async () => {
    const path = `/store/shipments/${shipmentAlias}/shipped`;
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(403);
    expect((await t.app.request(path, { method: 'POST', headers: await staffHeaders(t.app) })).status).toBe(
      409,
    );
  });
});
