// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';

const api = vi.hoisted(() => ({ getCartConfirmation: vi.fn(), getDraftOrderStatus: vi.fn() }));
vi.mock('../../lib/catalog/cart.ts', () => api);

const { default: QrView } = await import('./QrView.tsx');

const ALIAS = 'A'.repeat(32);
const confirmation = {
  draftOrderAlias: ALIAS,
  products: [],
  shippingCharge: 0,
  wrappingFee: 0,
  subtotal: 0,
  grandTotal: 0,
  urlForQrCode: `http://localhost:4321/api/store/qr/${ALIAS}`,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
};

/** The page of a draft (each test its own: the page follows one draft per alias). */
const openPage = (alias: string) => window.history.replaceState(null, '', `/qr/${alias}/`);

beforeEach(() => {
  api.getDraftOrderStatus.mockResolvedValue({
    draftOrderAlias: ALIAS,
    status: 'pending',
    expiresAt: confirmation.expiresAt,
  });
});
afterEach(() => {
  cleanup();
  for (const fn of Object.values(api)) fn.mockReset();
});

describe('the QR page, for a QR that will not scan', () => {
  it('shows the counter code to tell staff, never the long alias', async () => {
    api.getCartConfirmation.mockResolvedValue({ ...confirmation, counterCode: 'K7QM-3XHP' });
    openPage(ALIAS);
    render(<QrView />);
    const code = await screen.findByTestId('qr-counter-code');
    expect(code.textContent).toBe('K7QM-3XHP');
    expect(screen.getByText('読み取れない場合は、スタッフにこのコードをお伝えください')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ALIAS);
  });

  it('says nothing of a code to a browser that was not given one', async () => {
    const other = 'B'.repeat(32);
    api.getCartConfirmation.mockResolvedValue({ ...confirmation, draftOrderAlias: other });
    openPage(other);
    render(<QrView />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('qr-counter-code')).toBeNull();
    expect(screen.queryByText(/スタッフにこのコード/)).toBeNull();
    expect(document.body.textContent).not.toContain(ALIAS);
  });
});
