// @vitest-environment happy-dom

import { order, shipment } from '../../../tests/fixtures/catalogue.ts';
import { DataNotFoundError } from '../../lib/errors.ts';
import { clearPostalCache } from './postal.ts';

const api = vi.hoisted(() => ({ getShipment: vi.fn(), getOrder: vi.fn(), putShipmentAddress: vi.fn() }));
vi.mock('../../lib/catalog/cart.ts', () => api);

const { $addressForm, $addressStep, resolveAddressStep, setAddressField, submitAddress } = await import(
  './address-store.ts'
);

const NOW = Date.UTC(2025, 0, 15, 1, 0, 0);
const notFound = () => new DataNotFoundError('Something went wrong.', { status: 404, code: 'NOT_FOUND' });

const GOOD = {
  postalCode: '1000001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '1-1',
  name: '山田 太郎',
  nameKana: 'ヤマダ タロウ',
  phone: '0312345678',
} as const;

function fill(values: Partial<Record<keyof typeof GOOD, string>>) {
  for (const [field, value] of Object.entries(values))
    setAddressField(field as keyof typeof GOOD, value, NOW);
}

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  sessionStorage.clear();
  clearPostalCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ '0001': [[12, '千代田区千代田']] })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('which shipment /address/{x}/ is for', () => {
  it('is the shipment when x is a shipment alias', async () => {
    api.getShipment.mockResolvedValue(shipment());
    await resolveAddressStep('S'.repeat(32));
    expect($addressStep.get()).toMatchObject({ kind: 'form', shipment: { shipmentAlias: 'S'.repeat(32) } });
    expect(api.getOrder).not.toHaveBeenCalled();
  });

  it('is the order’s shipment awaiting an address when x is an order alias', async () => {
    api.getShipment.mockRejectedValue(notFound());
    api.getOrder.mockResolvedValue(order());
    await resolveAddressStep('O'.repeat(32));
    expect($addressStep.get()).toMatchObject({ kind: 'form', shipment: { shipmentAlias: 'S'.repeat(32) } });
  });

  it('offers a choice when several await one, and says so when none does', async () => {
    api.getShipment.mockRejectedValue(notFound());
    api.getOrder.mockResolvedValue(
      order({ shipments: [shipment(), shipment({ shipmentAlias: 'T'.repeat(32) })] }),
    );
    await resolveAddressStep('O'.repeat(32));
    expect($addressStep.get().kind).toBe('choose');
    api.getOrder.mockResolvedValue(order({ shipments: [] }));
    await resolveAddressStep('O'.repeat(32));
    expect($addressStep.get().kind).toBe('none');
  });

  it('is 404 when x is neither, and shows a shipped shipment as closed', async () => {
    api.getShipment.mockRejectedValue(notFound());
    api.getOrder.mockRejectedValue(notFound());
    await resolveAddressStep('X'.repeat(32));
    expect($addressStep.get()).toEqual({ kind: 'error', status: 404 });
    api.getShipment.mockResolvedValue(shipment({ status: 'shipped' }));
    await resolveAddressStep('S'.repeat(32));
    expect($addressStep.get().kind).toBe('closed');
  });

  it('shows the failed call’s status when the API cannot be reached', async () => {
    api.getShipment.mockRejectedValue(new DataNotFoundError('Something went wrong.', { status: 503 }));
    await resolveAddressStep('S'.repeat(32));
    expect($addressStep.get()).toEqual({ kind: 'error', status: 503 });
  });
});

describe('the address form', () => {
  beforeEach(async () => {
    api.getShipment.mockResolvedValue(shipment());
    await resolveAddressStep('S'.repeat(32));
  });

  it('fills prefecture and city from the postal code', async () => {
    fill({ postalCode: '100-0001' });
    await vi.waitFor(() => expect($addressForm.get().postal).toBe('found'), { timeout: 10_000 });
    expect($addressForm.get().values).toMatchObject({ prefecture: '東京都', city: '千代田区千代田' });
    expect(fetch).toHaveBeenCalledWith('/postal/100.json', expect.anything());
  });

  it('never overwrites what the shopper typed', async () => {
    fill({ city: '千代田区丸の内' });
    fill({ postalCode: '1000001' });
    await vi.waitFor(() => expect($addressForm.get().postal).toBe('found'), { timeout: 10_000 });
    expect($addressForm.get().values).toMatchObject({ prefecture: '東京都', city: '千代田区丸の内' });
  });

  it('refuses a bad postal code with its message and keeps every value as typed', async () => {
    fill({ ...GOOD, postalCode: '123-45' });
    expect(await submitAddress(NOW)).toEqual({ ok: false });
    const state = $addressForm.get();
    expect(state.errors).toEqual({ postalCode: '郵便番号は7桁の数字で入力してください（例: 100-0001）' });
    expect(state.values).toMatchObject({ ...GOOD, postalCode: '123-45' });
    expect(state.attempt).toBe(1);
    expect(api.putShipmentAddress).not.toHaveBeenCalled();
    // Fixing the field clears its message at once.
    fill({ postalCode: '100-0001' });
    expect($addressForm.get().errors).toEqual({});
  });

  it('shows the server’s 422 messages on their fields, values kept', async () => {
    fill(GOOD);
    api.putShipmentAddress.mockRejectedValue(
      new DataNotFoundError('Something went wrong.', {
        status: 422,
        code: 'INVALID_ADDRESS',
        cause: {
          code: 'INVALID_ADDRESS',
          message: 'x',
          fields: { street: '番地を確認してください', other: 'x' },
        },
      }),
    );
    expect(await submitAddress(NOW)).toEqual({ ok: false });
    expect($addressForm.get().errors).toEqual({ street: '番地を確認してください' });
    expect($addressForm.get().values).toMatchObject(GOOD);
  });

  it('says why when the server cannot take it, values kept', async () => {
    fill(GOOD);
    api.putShipmentAddress.mockRejectedValueOnce(
      new DataNotFoundError('Something went wrong.', { status: 0 }),
    );
    await submitAddress(NOW);
    expect($addressForm.get().formError).toContain('入力内容はそのまま残っています');
    api.putShipmentAddress.mockRejectedValueOnce(
      new DataNotFoundError('Something went wrong.', { status: 409, code: 'ALREADY_SHIPPED' }),
    );
    await submitAddress(NOW);
    expect($addressForm.get().formError).toContain('発送済み');
    expect($addressForm.get().values).toMatchObject(GOOD);
  });

  it('keeps an unsent draft across a reload of the tab, and forgets it once sent', async () => {
    fill({ name: '山田 花子' });
    await resolveAddressStep('S'.repeat(32));
    expect($addressForm.get().values.name).toBe('山田 花子');
    fill(GOOD);
    api.putShipmentAddress.mockResolvedValue(shipment({ status: 'address_received' }));
    expect(await submitAddress(NOW)).toEqual({ ok: true, href: `/address/${'S'.repeat(32)}/complete/` });
    expect(api.putShipmentAddress).toHaveBeenCalledWith('S'.repeat(32), {
      ...GOOD,
      postalCode: '100-0001',
      phone: '+81312345678',
      building: null,
      deliveryDate: null,
      deliveryTimeSlot: null,
    });
    expect(sessionStorage.getItem('address-draft:v1')).toBeNull();
  });

  it('starts from the shopper’s own address, but never from a masked one', async () => {
    const given = {
      ...GOOD,
      postalCode: '100-0001',
      building: null,
      deliveryDate: null,
      deliveryTimeSlot: null,
    };
    api.getShipment.mockResolvedValue(shipment({ status: 'address_received', address: given }));
    await resolveAddressStep('S'.repeat(32));
    expect($addressForm.get().values).toMatchObject({ name: '山田 太郎', street: '1-1' });

    const masked = {
      ...given,
      postalCode: '100-＊＊＊＊',
      street: '＊＊＊',
      name: '山＊＊＊',
      phone: '＊＊＊-＊＊＊＊-5678',
    };
    api.getShipment.mockResolvedValue(
      shipment({ status: 'address_received', address: masked, addressMasked: true }),
    );
    await resolveAddressStep('S'.repeat(32));
    const values = $addressForm.get().values;
    expect(Object.values(values).join('')).not.toContain('＊');
    expect(values).toMatchObject({ name: '', street: '', postalCode: '', phone: '' });
  });
});
