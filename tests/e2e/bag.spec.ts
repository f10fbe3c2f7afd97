import type { Page } from '@playwright/test';
import { isChunkLoadError } from '../../src/features/site/build-watch-rules.ts';
import { formatPrice } from '../../src/lib/format/price.ts';
import {
  BagPage,
  completeAtCounter,
  decodeQr,
  expireDraftOrder,
  pickProducts,
  serverConfirmation,
} from './fixtures/bag.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { expect, test } from './fixtures/test.ts';

/** Every per-visitor page offers a quiet way back to the shop. */
async function expectWayBack(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: 'ギフトカタログのトップへ戻る' })).toHaveAttribute('href', '/');
}

test.describe('the bag and the QR hand-off to the store', () => {
  test('one item picked up, one shipped, wrapped: bag → QR → paid at the counter → order → address', async ({
    page,
  }) => {
    test.slow();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const bag = new BagPage(page);
    const [pickup, shipped] = await pickProducts(page.request, 2, { qty: 2 });
    if (!pickup || !shipped) throw new Error('no products');
    await bag.add(shipped, 1);
    await bag.add(pickup, 2);

    await bag.open();
    // The onboarding dialog is marked as seen at once on the cart route.
    expect(await page.evaluate(() => localStorage.getItem('onboarding-seen:v1'))).toBe('true');
    await expect(bag.lines).toHaveCount(2);
    const pickupLine = bag.line(pickup.product.title);
    await pickupLine.getByRole('radio', { name: '店頭で受け取る' }).check();
    await expect(pickupLine.getByRole('radio', { name: '店頭で受け取る' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'ギフトラッピングをする' }).check();
    await expect(page.getByRole('checkbox', { name: 'ギフトラッピングをする' })).toBeChecked();
    await bag.settled();

    // Every figure on the page is the server's.
    const server = await bag.serverBag();
    expect(server.wrapping).toBe(true);
    expect(server.products.map((p) => [p.id, p.receive])).toEqual(
      expect.arrayContaining([
        [pickup.product.id, 'store'],
        [shipped.product.id, 'ship'],
      ]),
    );
    for (const line of server.products) {
      const row = bag.line(line.title);
      await expect(row.getByTestId('unit-price')).toHaveText(formatPrice(line.price));
      await expect(row.getByTestId('line-total')).toHaveText(formatPrice(line.totalPrice));
      await expect(row.getByRole('status', { name: '数量' })).toHaveText(String(line.qty));
    }
    await expect(bag.total('subtotal')).toHaveText(formatPrice(server.subtotal));
    await expect(bag.total('shipping')).toHaveText(
      server.shippingCharge === 0 ? '無料' : formatPrice(server.shippingCharge),
    );
    await expect(bag.total('wrapping')).toHaveText(formatPrice(server.wrappingFee));
    await expect(bag.total('grandTotal')).toHaveText(formatPrice(server.grandTotal));
    expect(server.grandTotal).toBe(server.subtotal + server.shippingCharge + server.wrappingFee);
    await expectNoAxeViolations(page);

    // The final confirmation, then the QR page.
    await page.getByRole('button', { name: '店頭でのお支払いに進む' }).click();
    const dialog = page.getByRole('dialog', { name: 'ご注文内容の最終確認' });
    await expect(dialog.getByTestId('confirm-totals').locator('[data-total="grandTotal"] dd')).toHaveText(
      formatPrice(server.grandTotal),
    );
    await expect(dialog.getByText('店頭受け取りの商品は', { exact: false })).toBeVisible();
    await expect(dialog.getByText('配送の商品は', { exact: false })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /^利用規約/ })).toHaveAttribute('href', '/terms/');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '店頭でのお支払いに進む' })).toBeFocused();
    const alias = await bag.pay();
    expect(await page.evaluate(() => localStorage.getItem('terms-agreed:v1'))).toBe('true');

    const confirmation = await serverConfirmation(page, alias);
    expect(await decodeQr(page)).toBe(confirmation.urlForQrCode);
    const qrTotals = page.getByTestId('qr-totals');
    await expect(bag.total('grandTotal', qrTotals)).toHaveText(formatPrice(confirmation.grandTotal));
    await expect(bag.total('wrapping', qrTotals)).toHaveText(formatPrice(confirmation.wrappingFee));
    await expect(page.getByRole('timer')).toHaveAccessibleName(/^残り1[45]分\d+秒$/);
    // Under the QR, the counter code staff type if it will not scan (this browser issued the QR).
    expect(confirmation.counterCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    await expect(page.getByTestId('qr-counter-code')).toHaveText(confirmation.counterCode ?? '');
    await expectWayBack(page);
    await expectNoAxeViolations(page);

    // Staff complete the payment; the QR page moves on to the order page by itself.
    await completeAtCounter(page, confirmation.urlForQrCode);
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{16,64}\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('お支払い済み');
    await expectWayBack(page);
    await expect(page.getByRole('link', { name: 'お買い物を続ける' })).toHaveAttribute('href', '/area/');
    await expect(page.getByRole('heading', { name: '店頭受け取り' })).toBeVisible();
    await expect(page.getByTestId('order-totals').locator('[data-total="grandTotal"] dd')).toHaveText(
      formatPrice(server.grandTotal),
    );
    const shipment = page.getByTestId('shipment');
    await expect(shipment).toHaveCount(1);
    await expect(shipment.getByTestId('shipment-status')).toHaveText('お届け先の入力待ち');
    await expectNoAxeViolations(page);

    // The address step, first on the page: a bad postal code is refused, nothing typed is lost, then it
    // goes through.
    await page.getByTestId('address-step').getByRole('link', { name: 'お届け先を入力する' }).click();
    await page.waitForURL(/\/address\/[A-Za-z0-9_-]{16,64}\/$/);
    const postal = page.getByLabel(/^郵便番号/);
    await postal.fill('123-45');
    await page.getByLabel(/^都道府県/).selectOption('東京都');
    await page.getByLabel(/^市区町村・町名/).fill('渋谷区神宮前');
    await page.getByLabel(/^番地/).fill('1-2-3');
    await page.getByLabel(/^氏名/).fill('山田 太郎');
    await page.getByLabel(/^フリガナ/).fill('ヤマダ タロウ');
    await page.getByLabel(/^電話番号/).fill('090-1234-5678');
    await page.getByRole('button', { name: 'このお届け先で確定する' }).click();
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await expect(page.getByTestId('postalCode-error')).toHaveText(
      '郵便番号は7桁の数字で入力してください（例: 100-0001）',
    );
    await expect(postal).toHaveAttribute('aria-invalid', 'true');
    await expect(postal).toHaveValue('123-45');
    await expect(page.getByLabel(/^氏名/)).toHaveValue('山田 太郎');
    await expect(page).toHaveURL(/\/address\/[A-Za-z0-9_-]{16,64}\/$/);
    await expectWayBack(page);
    await expectNoAxeViolations(page);

    await postal.fill('1500001');
    await expect(page.getByTestId('postalCode-error')).toBeHidden();
    await page.getByRole('button', { name: 'このお届け先で確定する' }).click();
    await page.waitForURL(/\/address\/[A-Za-z0-9_-]{16,64}\/complete\/$/);
    await expect(page.getByRole('heading', { name: 'お届け先を受け付けました' })).toBeVisible();
    await expect(page.getByTestId('address-summary')).toContainText('〒150-0001');
    await expect(page.getByTestId('address-summary')).toContainText('東京都渋谷区神宮前1-2-3');
    await expect(page.getByTestId('address-summary')).toContainText('090-1234-5678');
    await expectWayBack(page);

    await page.getByRole('link', { name: '注文ページに戻る' }).click();
    await expect(page.getByTestId('shipment-status')).toHaveText('お届け先を受け付けました');
    await expect(page.getByTestId('address-changed')).toBeHidden();

    // Whoever holds the address link may correct the address until it ships; the order page says so.
    await page.getByRole('link', { name: 'お届け先を変更する' }).click();
    await page.waitForURL(/\/address\/[A-Za-z0-9_-]{16,64}\/$/);
    await expect(page.getByLabel(/^番地/)).toHaveValue('1-2-3');
    await page.getByLabel(/^番地/).fill('4-5-6');
    await page.getByRole('button', { name: 'このお届け先で確定する' }).click();
    await page.waitForURL(/\/address\/[A-Za-z0-9_-]{16,64}\/complete\/$/);
    await page.getByRole('link', { name: '注文ページに戻る' }).click();
    await expect(page.getByTestId('address-changed')).toContainText(/^お届け先は.+に変更されました。/);
    // No page threw on the way (hydration included).
    expect(errors).toEqual([]);
  });

  test('the postal code fills the prefecture and the city from self-hosted data', async ({ page }) => {
    const response = await page.request.get('/postal/150.json');
    expect(response.status()).toBe(200);
    expect((await response.json())['0001']).toEqual([[12, '渋谷区神宮前']]);
  });

  test('a QR left until its time limit lands on /qr/timeout/, where a new one can be issued', async ({
    page,
    request,
  }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 1, offset: 10 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    await bag.open();
    const alias = await bag.pay();
    await expect(page.getByRole('img', { name: 'お支払い用QRコード' })).toBeVisible();

    await expireDraftOrder(request, alias);
    await page.waitForURL(/\/qr\/timeout\/$/);
    await expect(page.getByRole('heading', { name: 'QRコードの有効期限が切れました' })).toBeVisible();
    await expectWayBack(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'QRコードを再発行する' }).click();
    await page.waitForURL(/\/qr\/[A-Za-z0-9_-]{16,64}\/$/);
    expect(new URL(page.url()).pathname).not.toContain(alias);
    await expect(page.getByRole('img', { name: 'お支払い用QRコード' })).toBeVisible();
    // The old QR now says a newer code took its place (REPLACED), not that its time ran out again.
    await page.goto(`/qr/${alias}/`);
    await expect(page.getByRole('heading', { name: 'このQRコードは使えません' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      '新しいQRコードが発行されたため、このQRコードは使えません。',
    );
    expect(new URL(page.url()).pathname).toBe(`/qr/${alias}/`);
  });

  test('a QR issued again: the first one says a newer code replaced it, not that its time ran out', async ({
    page,
  }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 1, offset: 11 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    await bag.open();
    const first = await bag.pay();
    await bag.open();
    const second = await bag.pay();
    expect(second).not.toBe(first);
    await page.goto(`/qr/${first}/`);
    await expect(page.getByRole('heading', { name: 'このQRコードは使えません' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      '新しいQRコードが発行されたため、このQRコードは使えません。',
    );
    expect(new URL(page.url()).pathname).toBe(`/qr/${first}/`);
  });

  test("loads the final confirmation's code only when the shopper presses pay", async ({ page }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 3, offset: 22 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await bag.open();
    await bag.settled();
    await page.waitForLoadState('networkidle');
    const confirmation = (url: string) => /\/_astro\/PaymentDialog\.[\w-]+\.js$/.test(url);
    expect(scripts.filter(confirmation)).toEqual([]);

    await page.getByRole('button', { name: '店頭でのお支払いに進む' }).click();
    await expect(page.getByRole('dialog', { name: 'ご注文内容の最終確認' })).toBeVisible();
    expect(scripts.filter(confirmation)).toHaveLength(1);
  });

  test('asks before removing a line, its question loaded only then, and removes it', async ({ page }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 3, offset: 21 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await bag.open();
    await bag.settled();
    await page.waitForLoadState('networkidle');
    const question = (url: string) => /\/_astro\/RemoveDialog\.[\w-]+\.js$/.test(url);
    expect(scripts.filter(question)).toEqual([]);

    const title = pick.product.title;
    await bag
      .line(title)
      .getByRole('button', { name: `${title}をバッグから削除` })
      .click();
    const dialog = page.getByRole('dialog', { name: '商品の削除' });
    await expect(dialog).toContainText(`「${title}」をバッグから削除しますか？`);
    expect(scripts.filter(question)).toHaveLength(1);
    await dialog.getByRole('button', { name: '削除する' }).click();
    await expect(page.getByTestId('notification')).toContainText(`「${title}」をバッグから削除しました。`);
    await expect(page.getByRole('heading', { name: 'ショッピングバッグに商品はありません' })).toBeVisible();
    expect((await bag.serverBag()).count).toBe(0);
  });

  test('a part whose code fails to load reloads the bag once, the line kept, nothing thrown but the failure', async ({
    page,
  }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 3, offset: 23 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await bag.open();
    await bag.settled();
    await page.waitForLoadState('networkidle');
    // The question's code is cut off once, as a deploy that removed the old chunk or a dropped line would, and
    // the reload's document comes slowly, as on a phone's network: the page stays in view until it comes.
    await page.route(/\/_astro\/RemoveDialog\.[\w-]+\.js$/, (route) => route.abort('connectionreset'), {
      times: 1,
    });
    await page.route(
      (url) => url.pathname === '/cart/',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
      { times: 1 },
    );

    const title = pick.product.title;
    const reloaded = page.waitForEvent('load');
    await bag
      .line(title)
      .getByRole('button', { name: `${title}をバッグから削除` })
      .click();
    await reloaded;
    await bag.settled();
    expect(errors.filter((message) => !isChunkLoadError(message))).toEqual([]);

    // The reloaded bag still holds the line, and its question now loads.
    await expect(bag.lines).toHaveCount(1);
    await bag
      .line(title)
      .getByRole('button', { name: `${title}をバッグから削除` })
      .click();
    await expect(page.getByRole('dialog', { name: '商品の削除' })).toContainText(
      `「${title}」をバッグから削除しますか？`,
    );
  });

  test('a failed change rolls the bag back to the server’s state and says so', async ({ page }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 3, offset: 20 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    await bag.open();
    const line = bag.line(pick.product.title);
    await page.route('**/api/catalog/cart/product-qty', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":"UNAVAILABLE","message":"x"}',
      }),
    );
    await line.getByRole('button', { name: `${pick.product.title}の数量を1つ増やす` }).click();
    await expect(page.getByTestId('notification')).toContainText('サーバーで問題が発生しました');
    await expect(page.getByTestId('notification')).toContainText('バッグは変更前の状態のままです');
    await expect(line.getByRole('status', { name: '数量' })).toHaveText('1');
    expect((await bag.serverBag()).count).toBe(1);
  });

  test('a QR for a bag whose stock ran out is refused with the reason, shown on the line', async ({
    page,
    browser,
  }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 1, offset: 30 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    await bag.open();
    await page.getByRole('button', { name: '店頭でのお支払いに進む' }).click();

    // Meanwhile another shopper buys every unit left.
    const other = await browser.newContext();
    const rival = new BagPage(await other.newPage());
    const variant = pick.product.variants.find((v) => v.id === pick.variantId);
    const current = (
      await (
        await rival.page.request.get(`/api/catalog/products/${pick.product.id}`, {
          headers: { 'X-Api-Token': 'gift-catalogue-public-token' },
        })
      ).json()
    ).variants.find((v: { id: number }) => v.id === variant?.id) as { totalStock: number };
    await rival.add(pick, current.totalStock);
    const rivalIssue = await rival.page.request.post('/api/catalog/cart/qr', {
      headers: { 'X-Api-Token': 'gift-catalogue-public-token' },
      data: {},
    });
    const { draftOrderAlias } = await rivalIssue.json();
    await completeAtCounter(rival.page, (await serverConfirmation(rival.page, draftOrderAlias)).urlForQrCode);
    await other.close();

    const dialog = page.getByRole('dialog', { name: 'ご注文内容の最終確認' });
    await dialog.getByRole('checkbox', { name: '利用規約とキャンセルについての内容に同意します' }).check();
    await dialog.getByRole('button', { name: '同意してQRコードを発行する' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('notification')).toContainText('在庫の確認が必要な商品があるため');
    await expect(bag.line(pick.product.title)).toContainText(
      '在庫がなくなりました。バッグから削除してください。',
    );
    await expect(page).toHaveURL(/\/cart\/$/);
  });

  test('the final confirmation at 390 px keeps the terms step and its refusal in view, and the terms open apart', async ({
    page,
  }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 1, offset: 20 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    await bag.open();
    await page.getByRole('button', { name: '店頭でのお支払いに進む' }).click();
    const dialog = page.getByRole('dialog', { name: 'ご注文内容の最終確認' });
    const agree = dialog.getByRole('checkbox', { name: '利用規約とキャンセルについての内容に同意します' });
    await expect(agree).toBeInViewport();
    await expect(dialog.getByText('必須', { exact: true })).toBeVisible();
    const terms = dialog.getByRole('link', { name: /利用規約/ });
    await expect(terms).toHaveAttribute('target', '_blank');

    await dialog.getByRole('button', { name: '同意してQRコードを発行する' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: '利用規約への同意が必要です' });
    await expect(refusal).toBeInViewport({ ratio: 1 });
    // Nothing covers it: the element at its centre is the message itself.
    expect(
      await refusal.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    ).toBe(true);
    await expect(agree).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('confirmation-390.png') });

    // The terms open in a new tab; the dialog stays as it was.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await tab.close();
    await expect(dialog).toBeVisible();
    await expect(refusal).toBeVisible();
    await agree.check();
    await expect(refusal).toBeHidden();
  });

  test('an empty bag says so', async ({ page }) => {
    await page.goto('/cart/');
    await expect(page.getByRole('heading', { name: 'ショッピングバッグに商品はありません' })).toBeVisible();
  });

  test('an unknown or malformed alias shows the error screen, never a blank page', async ({ page }) => {
    const unknown = 'u'.repeat(32);
    for (const path of [
      '/qr/not-an-alias/',
      `/qr/${unknown}/`,
      '/order/',
      `/order/${unknown}/`,
      `/address/${unknown}/`,
      '/address/x/complete/',
      `/address/${unknown}/complete/`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByTestId('error-status'), path).toHaveText('404');
      await expect(
        page.getByRole('heading', { name: 'お探しのページは見つかりませんでした' }),
        path,
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'ホームに戻る' }), path).toBeVisible();
    }
    await page.goto('/qr/not-an-alias/');
    await expect(page.getByText('Page Not Found: /qr/not-an-alias/')).toBeVisible();
  });

  test('an order alias in the address step opens its shipment awaiting an address', async ({ page }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 1, offset: 40 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    const issued = await page.request.post('/api/catalog/cart/qr', {
      headers: { 'X-Api-Token': 'gift-catalogue-public-token' },
      data: {},
    });
    const { draftOrderAlias } = await issued.json();
    const confirmation = await serverConfirmation(page, draftOrderAlias);
    await completeAtCounter(page, confirmation.urlForQrCode);
    const status = await (
      await page.request.get(`/api/catalog/cart/qr/${draftOrderAlias}/status`, {
        headers: { 'X-Api-Token': 'gift-catalogue-public-token' },
      })
    ).json();
    await page.goto(`/address/${status.orderAlias}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'お届け先の入力' })).toBeVisible();
    await expect(page.getByLabel(/^郵便番号/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'お届けする商品' })).toContainText(pick.product.title);
  });
});
