// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { bag, cartLine } from '../../../tests/fixtures/catalogue.ts';
import { leaveChat } from '../../../tests/fixtures/mode.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { DataNotFoundError } from '../../lib/errors.ts';
import { enterChat } from '../../lib/mode.ts';

const api = vi.hoisted(() => ({
  getCartCount: vi.fn(),
  addToCart: vi.fn(),
  checkCart: vi.fn(),
  setCartQty: vi.fn(),
  setCartReceive: vi.fn(),
  setCartWrapping: vi.fn(),
  setCartGift: vi.fn(),
  issueCartQr: vi.fn(),
}));
vi.mock('../../lib/catalog/cart-bag.ts', () => api);
vi.mock('../../lib/catalog/cart-gift.ts', () => ({ setCartGift: api.setCartGift }));

const { default: BagView } = await import('./BagView.tsx');
const { closeNotification } = await import('../site/index.ts');
const { $bagLoad } = await import('./bag-load.ts');
const { $bag } = await import('./bag-store.ts');

const filled = (): Cart =>
  bag({
    products: [
      cartLine({ qty: 2, totalPrice: 6480 }),
      cartLine({
        id: 2,
        title: '今治タオルセット',
        selectVariantId: 21,
        price: 5500,
        totalPrice: 5500,
        receive: 'store',
      }),
    ],
    shippingCharge: 0,
    wrapping: true,
    wrappingFee: 330,
    subtotal: 11980,
    grandTotal: 12310,
    warning: [
      {
        productId: 2,
        variantId: 21,
        title: '今治タオルセット',
        reason: 'EXCEEDS_STORE_STOCK',
        availableQty: 0,
      },
    ],
  });

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  sessionStorage.clear();
  closeNotification();
  $bagLoad.set('idle');
  $bag.set(undefined);
});
afterEach(() => {
  cleanup();
  leaveChat();
});

async function showBag(value: Cart) {
  api.checkCart.mockResolvedValue(value);
  render(<BagView />);
  await screen.findByText(/点の商品$/);
}

describe('the bag the visitor already holds', () => {
  it('draws its lines at once, then takes the server’s bag; its controls wait for the server', async () => {
    let answer: (value: Cart) => void = () => {};
    api.checkCart.mockReturnValue(new Promise<Cart>((resolve) => (answer = resolve)));
    // The page's script restored the tab's bag and started reading it before React came.
    $bag.set(filled());
    $bagLoad.set('loading');
    void (await import('./bag-load.ts')).loadBag();
    render(<BagView />);
    try {
      expect(screen.getAllByTestId('bag-line')).toHaveLength(2);
      expect(screen.getByText(`${filled().count}点の商品`)).toBeTruthy();
    } finally {
      // Never leave the read hanging for the next test.
      setTimeout(() => answer(filled()), 0);
    }
    const pay = screen.getByRole('button', { name: '店頭でのお支払いに進む' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(
      (screen.getAllByRole('button', { name: /数量を1つ増やす/ })[0] as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => answer({ ...filled(), products: filled().products.slice(0, 1), count: 2 }));
    await act(async () => {});
    expect(screen.getAllByTestId('bag-line')).toHaveLength(1);
    expect(
      (screen.getAllByRole('button', { name: /数量を1つ増やす/ })[0] as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe('the bag page', () => {
  it('shows each line with its title, variant, unit price, line total, receive and quantity', async () => {
    await showBag(filled());
    const lines = screen.getAllByTestId('bag-line');
    expect(lines).toHaveLength(2);
    const first = within(lines[0] as HTMLElement);
    expect(first.getByRole('heading', { name: '季節の焼き菓子詰め合わせ' })).toBeTruthy();
    expect(first.getByText('容量：500ml')).toBeTruthy();
    expect(first.getByTestId('unit-price').textContent).toBe('¥3,240（税込）');
    expect(first.getByTestId('line-total').textContent).toBe('¥6,480（税込）');
    expect((first.getByRole('radio', { name: '配送する' }) as HTMLInputElement).checked).toBe(true);
    expect(first.getByRole('status', { name: '数量' }).textContent).toBe('2');
  });

  it('offers no pickup for a line the store holds none of, and says why', async () => {
    const none = cartLine({ id: 3, title: '店頭にない品', selectVariantId: 11 });
    const variant = { ...(none.variants[0] as Cart['products'][number]['variants'][number]), stockInShop: 0 };
    await showBag(bag({ products: [{ ...none, variants: [variant], stockInShop: 0 }] }));
    const line = within(screen.getByTestId('bag-line'));
    const pickup = line.getByRole('radio', { name: /店頭で受け取る/ }) as HTMLInputElement;
    expect(pickup.disabled).toBe(true);
    expect(pickup.getAttribute('aria-describedby')).toBeTruthy();
    expect(line.getByText('店頭在庫なし')).toBeTruthy();
    expect((line.getByRole('radio', { name: /配送する/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('says why “+” is off once the line holds all there is', async () => {
    const all = cartLine({ qty: 8 });
    await showBag(bag({ products: [all] }));
    const line = within(screen.getByTestId('bag-line'));
    const more = line.getByRole('button', { name: /をひとつ増やす|増やす/ }) as HTMLButtonElement;
    expect(more.disabled).toBe(true);
    const reason = document.getElementById(more.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('ご注文は8点までです');
  });

  it('shows the server’s charges, with free shipping and wrapping', async () => {
    await showBag(filled());
    const totals = screen.getByTestId('bag-totals');
    const rows = [...totals.querySelectorAll('[data-total]')].map((row) => row.textContent);
    expect(rows).toEqual([
      '商品小計¥11,980（税込）',
      '送料無料',
      'ギフトラッピング¥330（税込）',
      'お支払い金額¥12,310（税込）',
    ]);
  });

  it('names what shipping and wrapping cost before either is chosen', async () => {
    const rates = { shippingCharge: 880, freeShippingFrom: 11_000, wrappingFee: 330 };
    const stored = filled().products.map((line) => ({ ...line, receive: 'store' as const }));
    await showBag({ ...filled(), products: stored, subtotal: 3240, wrapping: false, wrappingFee: 0, rates });
    for (const each of screen.getAllByTestId('bag-line')) {
      expect(within(each).getByRole('radio', { name: '配送する 送料 ¥880（税込）' })).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: 'ギフトラッピングをする 料金 ¥330（税込）' })).toBeTruthy();
  });

  it('prints the shipping charge once per order: in the totals, on no line, once a line ships', async () => {
    const rates = { shippingCharge: 880, freeShippingFrom: 11_000, wrappingFee: 330 };
    await showBag({ ...filled(), subtotal: 3240, shippingCharge: 880, rates });
    expect(screen.queryAllByTestId('ship-price')).toHaveLength(0);
    expect(screen.getAllByText(/送料/).map((node) => node.textContent)).toEqual(['送料']);
  });

  it('shows a warning on the line it concerns, and holds the payment back', async () => {
    await showBag(filled());
    const [first, second] = screen.getAllByTestId('bag-line') as HTMLElement[];
    expect(
      within(second as HTMLElement).getByText(/店頭在庫がありません。配送に変更してください。/),
    ).toBeTruthy();
    expect(within(first as HTMLElement).queryByText(/在庫/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '店頭でのお支払いに進む' }));
    expect(
      await screen.findByText(/在庫の確認が必要な商品があります/, {
        selector: '[data-testid=notification] p',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before removing a line, then removes it', async () => {
    await showBag(bag());
    api.setCartQty.mockResolvedValue(bag({ products: [bag().products[1] as never] }));
    fireEvent.click(screen.getByRole('button', { name: '季節の焼き菓子詰め合わせの数量を1つ減らす' }));
    const dialog = await screen.findByRole('dialog', { name: '商品の削除' });
    expect(api.setCartQty).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '削除する' })));
    expect(api.setCartQty).toHaveBeenCalledWith({ productId: 1, variantId: 11, qty: 0 });
    expect(screen.getAllByTestId('bag-line')).toHaveLength(1);
  });

  it('says the bag is empty', async () => {
    api.checkCart.mockResolvedValue(bag({ products: [] }));
    render(<BagView />);
    expect(await screen.findByRole('heading', { name: 'ショッピングバッグに商品はありません' })).toBeTruthy();
  });

  it('offers to try again when the bag cannot be read', async () => {
    api.checkCart.mockRejectedValueOnce(new Error('offline'));
    render(<BagView />);
    const retry = await screen.findByRole('button', { name: 'もう一度読み込む' });
    api.checkCart.mockResolvedValue(bag());
    await act(async () => fireEvent.click(retry));
    expect(screen.getAllByTestId('bag-line')).toHaveLength(2);
  });

  it('opens the final confirmation; agreeing records the terms and issues the QR', async () => {
    await showBag(bag());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    api.issueCartQr.mockResolvedValue({ draftOrderAlias: 'Q'.repeat(32) });
    fireEvent.click(screen.getByRole('button', { name: '店頭でのお支払いに進む' }));
    const dialog = await screen.findByRole('dialog', { name: 'ご注文内容の最終確認' });
    expect(
      within(dialog)
        .getByRole('link', { name: /^利用規約/ })
        .getAttribute('href'),
    ).toBe('/terms/');
    expect(within(dialog).getByText(/店頭カウンターでのお支払い/)).toBeTruthy();
    expect(within(dialog).getByText(/キャンセル・返品/)).toBeTruthy();
    // Without agreeing, nothing is issued.
    fireEvent.click(within(dialog).getByRole('button', { name: '同意してQRコードを発行する' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('利用規約への同意が必要');
    expect(api.issueCartQr).not.toHaveBeenCalled();
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: /^利用規約とキャンセルについての内容に同意します/ }),
    );
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: '同意してQRコードを発行する' })),
    );
    expect(localStorage.getItem('terms-agreed:v1')).toBe('true');
    expect(api.issueCartQr).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`/qr/${'Q'.repeat(32)}/`);
    vi.unstubAllGlobals();
  });
});

describe('where the bag’s links lead', () => {
  /** Agrees to the terms in the final confirmation and issues the QR; gives where the page went. */
  async function issue(): Promise<{ terms: string | null; went: unknown }> {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    api.issueCartQr.mockResolvedValue({ draftOrderAlias: 'Q'.repeat(32) });
    fireEvent.click(screen.getByRole('button', { name: '店頭でのお支払いに進む' }));
    const dialog = await screen.findByRole('dialog');
    const terms = within(dialog).getByRole('link').getAttribute('href');
    const agree = within(dialog).getByRole('checkbox') as HTMLInputElement;
    if (!agree.checked) fireEvent.click(agree);
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: '同意してQRコードを発行する' })),
    );
    vi.unstubAllGlobals();
    return { terms, went: assign.mock.calls[0]?.[0] };
  }

  it('are the web catalogue’s pages on the web', async () => {
    await showBag(bag());
    const [first] = screen.getAllByTestId('bag-line') as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/area/2/products/1/');
    expect(await issue()).toEqual({ terms: '/terms/', went: `/qr/${'Q'.repeat(32)}/` });
  });

  it('are chat mode’s pages in chat mode, the QR page told the visitor’s language', async () => {
    enterChat('zh');
    await showBag(bag());
    const [first] = screen.getAllByTestId('bag-line') as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/chat/brands/1/?product=1');
    expect(await issue()).toEqual({ terms: '/chat/terms/', went: `/chat/qr/${'Q'.repeat(32)}/?lang=zh` });
  });

  it('lead back to the shop from an empty bag: the catalogue, or chat in chat mode', async () => {
    api.checkCart.mockResolvedValue(bag({ products: [] }));
    render(<BagView />);
    expect((await screen.findByRole('link')).getAttribute('href')).toBe('/');
    cleanup();
    enterChat('en');
    render(<BagView />);
    expect((await screen.findByRole('link')).getAttribute('href')).toBe('/chat/');
  });
});

describe('のし and a message card on a line', () => {
  const TITLES = ['御歳暮', '御中元', '内祝', '御礼', '御祝', '寿', '志', '無地'];
  const noshiBag = (gift?: Cart['products'][number]['gift']): Cart =>
    bag({
      noshiTitles: TITLES,
      products: [
        cartLine({ noshi: true, ...(gift ? { gift } : {}) }),
        cartLine({ id: 2, title: '今治タオルセット', selectVariantId: 21, receive: 'store', noshi: false }),
      ],
    });

  it('offers the choice on a line that takes のし or is shipped, and not on a bag that offers none', async () => {
    await showBag(noshiBag());
    const [first, second] = screen.getAllByTestId('bag-line') as HTMLElement[];
    expect(
      await within(first as HTMLElement).findByRole('button', { name: /ののし・メッセージカードを選ぶ$/ }),
    ).toBeTruthy();
    expect(within(second as HTMLElement).queryByTestId('line-gift')).toBeNull();
    cleanup();
    $bagLoad.set('idle');
    await showBag(bag());
    expect(screen.queryByTestId('line-gift')).toBeNull();
  });

  it('explains each choice, shows what is printed, and sends it; the line then shows it', async () => {
    await showBag(noshiBag());
    const gift = {
      noshi: { title: '御歳暮', placement: 'outside' as const, name: '山田' },
      message: 'お元気で',
    };
    api.setCartGift.mockResolvedValue(noshiBag(gift));
    fireEvent.click(await screen.findByRole('button', { name: /ののし・メッセージカードを選ぶ$/ }));
    const dialog = await screen.findByRole('form', {});
    expect(within(dialog).getByText(/ギフトラッピングはご注文全体/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: '表書き' }), {
      target: { value: '御歳暮' },
    });
    expect(within(dialog).getByText(/包装の上からのしを掛けます/)).toBeTruthy();
    expect(within(dialog).getByText(/品物にのしを掛けてから包装します/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /外のし/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /名入れ/ }), { target: { value: '山田' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /メッセージカード/ }), {
      target: { value: 'お元気で' },
    });
    expect(within(dialog).getByTestId('noshi-preview').textContent).toBe(
      '印刷される内容：外のし・御歳暮・名入れ 山田',
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '決定する' })));
    expect(api.setCartGift).toHaveBeenCalledWith({ productId: 1, variantId: 11, ...gift });
    expect(screen.queryByRole('form')).toBeNull();
    const line = within(screen.getAllByTestId('bag-line')[0] as HTMLElement);
    expect(await line.findByText('のし：外のし・御歳暮・名入れ 山田')).toBeTruthy();
    expect(line.getByText('メッセージカード：お元気で')).toBeTruthy();
  });

  it('refuses an over-long name before sending, keeping what was typed', async () => {
    await showBag(noshiBag());
    fireEvent.click(await screen.findByRole('button', { name: /ののし・メッセージカードを選ぶ$/ }));
    const dialog = await screen.findByRole('form');
    fireEvent.change(within(dialog).getByRole('combobox', { name: '表書き' }), { target: { value: '御礼' } });
    const name = within(dialog).getByRole('textbox', { name: /名入れ/ }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '山'.repeat(21) } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '決定する' })));
    expect(api.setCartGift).not.toHaveBeenCalled();
    expect(within(dialog).getByText('名入れは20文字以内で入力してください。')).toBeTruthy();
    expect(name.value).toBe('山'.repeat(21));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // Corrected, the field no longer says it is wrong.
    fireEvent.change(name, { target: { value: '山田' } });
    expect(within(dialog).queryByText('名入れは20文字以内で入力してください。')).toBeNull();
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says the API’s refusal in the shopper’s words, keeping what was typed', async () => {
    await showBag(noshiBag());
    api.setCartGift.mockRejectedValue(
      new DataNotFoundError('cart not found.', {
        endpoint: 'PUT /catalog/cart/product-gift',
        status: 422,
        code: 'UNKNOWN_NOSHI_TITLE',
        retryable: false,
        cause: { code: 'UNKNOWN_NOSHI_TITLE', message: 'x', fields: { 'noshi.title': '表書き' } },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /ののし・メッセージカードを選ぶ$/ }));
    const dialog = await screen.findByRole('form');
    fireEvent.change(within(dialog).getByRole('combobox', { name: '表書き' }), { target: { value: '寿' } });
    const message = within(dialog).getByRole('textbox', { name: /メッセージカード/ }) as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: 'おめでとう' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '決定する' })));
    expect(within(dialog).getByText('表書きは一覧から選んでください。')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('変更はまだ保存されていません');
    expect(message.value).toBe('おめでとう');
    expect(screen.getAllByTestId('bag-line')[0]?.textContent).not.toContain('のし：');
  });
});
