// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { shipment } from '../../../tests/fixtures/catalogue.ts';
import { DataNotFoundError } from '../../lib/errors.ts';

const api = vi.hoisted(() => ({ getShipment: vi.fn(), getOrder: vi.fn(), putShipmentAddress: vi.fn() }));
vi.mock('../../lib/catalog/cart.ts', () => api);

const { openAddressForm } = await import('./address-store.ts');
const { AddressForm } = await import('./AddressForm.tsx');

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 404 })),
  );
  openAddressForm(shipment());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillGood() {
  type(/^郵便番号/, '100-0001');
  fireEvent.change(screen.getByLabelText(/^都道府県/), { target: { value: '東京都' } });
  type(/^市区町村・町名/, '千代田区千代田');
  type(/^番地/, '1-1');
  type(/^氏名/, '山田 太郎');
  type(/^フリガナ/, 'ヤマダ タロウ');
  type(/^電話番号/, '03-1234-5678');
}

describe('the address form', () => {
  it('labels every field and marks which are required', () => {
    render(<AddressForm />);
    for (const label of ['郵便番号', '都道府県', '市区町村・町名', '番地', '氏名', 'フリガナ', '電話番号']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`)).getAttribute('aria-required')).toBe('true');
    }
    for (const label of ['建物名・部屋番号', 'お届け希望日', 'お届け時間帯']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`)).getAttribute('aria-required')).toBeNull();
    }
    expect(screen.getAllByRole('option').filter((o) => o.closest('#address-prefecture'))).toHaveLength(48);
  });

  it('ties each message to its field, focuses the summary, and keeps what was typed', async () => {
    render(<AddressForm />);
    fillGood();
    type(/^郵便番号/, '123-45');
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: 'このお届け先で確定する' })));
    const postal = screen.getByLabelText(/^郵便番号/) as HTMLInputElement;
    expect(postal.value).toBe('123-45');
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    const described = postal.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      '郵便番号は7桁の数字で入力してください（例: 100-0001）',
    );
    const summary = screen.getByTestId('error-summary');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('入力内容をご確認ください（1件）');
    expect((screen.getByLabelText(/^氏名/) as HTMLInputElement).value).toBe('山田 太郎');
    expect(api.putShipmentAddress).not.toHaveBeenCalled();
  });

  it('shows the server’s 422 messages on their fields', async () => {
    render(<AddressForm />);
    fillGood();
    api.putShipmentAddress.mockRejectedValue(
      new DataNotFoundError('Something went wrong.', {
        status: 422,
        code: 'INVALID_ADDRESS',
        cause: { code: 'INVALID_ADDRESS', message: 'x', fields: { city: '市区町村を確認してください' } },
      }),
    );
    await act(async () => fireEvent.submit(screen.getByRole('button', { name: 'このお届け先で確定する' })));
    expect(screen.getByTestId('city-error').textContent).toBe('市区町村を確認してください');
    expect(screen.getByLabelText(/^市区町村・町名/).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(/^市区町村・町名/) as HTMLInputElement).value).toBe('千代田区千代田');
  });
});
