/**
 * The bag and the QR hand-off to the store in WebKit: two products in the bag, a quantity changed, one
 * picked up at the store and one shipped, gift wrapping, every figure the server's; the final confirmation
 * (a native modal <dialog>), the QR (read back from what WebKit painted), staff completing the payment at
 * the counter, the order page, and the address step whose postal code fills the prefecture and the city.
 */
import { expect, test } from 'vitest';
import { formatPrice } from '../../src/lib/format/price.ts';
import {
  addToBag,
  bagSettled,
  completeAtCounter,
  decodeQr,
  lineOf,
  lineState,
  pickProducts,
  serverBag,
  serverConfirmation,
  totalIn,
} from './fixtures/bag.ts';
import {
  arrive,
  type Browser,
  eventually,
  expectNoProblems,
  returningVisitorForTheFile,
  shownWithText,
  tap,
  textOf,
  visit,
} from './fixtures/browser.ts';
import { CONDITION_TIMEOUT } from './fixtures/config.ts';

let browser: Browser;
returningVisitorForTheFile((opened) => {
  browser = opened;
});

test('bag → quantity, pickup and shipping, wrapping → confirmation → QR → paid at the counter → order → address', async () => {
  const [pickup, shipped] = await pickProducts(2, { qty: 2 });
  if (!pickup || !shipped) throw new Error('no products');
  await visit(browser, '/cart/');
  await addToBag(browser, shipped, 1);
  await addToBag(browser, pickup, 1);

  await visit(browser, '/cart/');
  await eventually(async () => expect(await textOf(browser, 'h1')).toBe('ショッピングバッグ'));
  await eventually(async () => expect(await browser.$$('[data-testid="bag-line"]').length).toBe(2));
  // The lines the tab holds are drawn at once, their controls off until the server has answered.
  await bagSettled(browser);

  // One more of the pickup item, picked up at the store; the other shipped; wrapped.
  const pickupLine = lineOf(pickup.product.title);
  await tap(
    browser,
    browser.$(`${pickupLine}//button[@aria-label="${pickup.product.title}の数量を1つ増やす"]`),
  );
  await eventually(async () =>
    expect(
      await browser.$(`${pickupLine}//output[@aria-label="数量"]`).getText(),
      await lineState(browser, pickup.product.title),
    ).toBe('2'),
  );
  await bagSettled(browser);
  await tap(browser, browser.$(`${pickupLine}//label[normalize-space()="店頭で受け取る"]`));
  await eventually(async () =>
    expect(
      await browser.$(`${pickupLine}//label[normalize-space()="店頭で受け取る"]/input`).isSelected(),
    ).toBe(true),
  );
  await bagSettled(browser);
  await tap(browser, browser.$('//label[span[normalize-space()="ギフトラッピングをする"]]'));
  await eventually(async () =>
    expect(
      await browser.$('//label[span[normalize-space()="ギフトラッピングをする"]]//input').isSelected(),
    ).toBe(true),
  );
  await bagSettled(browser);

  // Every figure on the page is the server's.
  const server = await serverBag(browser);
  expect(server.wrapping).toBe(true);
  expect(server.products.map((p) => [p.id, p.qty, p.receive])).toEqual(
    expect.arrayContaining([
      [pickup.product.id, 2, 'store'],
      [shipped.product.id, 1, 'ship'],
    ]),
  );
  for (const line of server.products) {
    const row = lineOf(line.title);
    expect(await browser.$(`${row}//*[@data-testid="unit-price"]`).getText()).toBe(formatPrice(line.price));
    expect(await browser.$(`${row}//*[@data-testid="line-total"]`).getText()).toBe(
      formatPrice(line.totalPrice),
    );
  }
  const totals = '[data-testid="bag-totals"]';
  expect(await totalIn(browser, totals, 'subtotal')).toBe(formatPrice(server.subtotal));
  expect(await totalIn(browser, totals, 'shipping')).toBe(
    server.shippingCharge === 0 ? '無料' : formatPrice(server.shippingCharge),
  );
  expect(await totalIn(browser, totals, 'wrapping')).toBe(formatPrice(server.wrappingFee));
  expect(await totalIn(browser, totals, 'grandTotal')).toBe(formatPrice(server.grandTotal));
  expect(server.grandTotal).toBe(server.subtotal + server.shippingCharge + server.wrappingFee);

  // The final confirmation: a modal dialog with the same total, closed by Escape back to its button.
  const pay = await browser.$('button=店頭でのお支払いに進む');
  await tap(browser, pay);
  const dialog = await browser.$('dialog[open]');
  await dialog.waitForDisplayed({ timeout: CONDITION_TIMEOUT });
  expect(await textOf(browser, 'dialog[open] h2')).toBe('ご注文内容の最終確認');
  expect(await totalIn(browser, 'dialog[open] [data-testid="confirm-totals"]', 'grandTotal')).toBe(
    formatPrice(server.grandTotal),
  );
  await browser.keys('Escape');
  await eventually(async () => expect(await browser.$('dialog[open]').isExisting()).toBe(false));
  await eventually(async () =>
    expect(await browser.execute(() => document.activeElement?.textContent?.trim())).toBe(
      '店頭でのお支払いに進む',
    ),
  );
  await tap(browser, pay);
  await browser.$('dialog[open]').waitForDisplayed({ timeout: CONDITION_TIMEOUT });
  await tap(
    browser,
    browser.$(
      '//dialog//label[contains(normalize-space(), "利用規約とキャンセルについての内容に同意します")]',
    ),
  );
  await tap(browser, browser.$('button=同意してQRコードを発行する'));
  const qrUrl = await arrive(browser, /^\/qr\/[A-Za-z0-9_-]{16,64}\/$/);
  const alias = new URL(qrUrl).pathname.split('/')[2] ?? '';

  // The QR as WebKit painted it reads back as the counter's address; its totals are the order's.
  const confirmation = await serverConfirmation(browser, alias);
  const decoded = await decodeQr(browser);
  expect(decoded).toBe(confirmation.urlForQrCode);
  expect(await totalIn(browser, '[data-testid="qr-totals"]', 'grandTotal')).toBe(
    formatPrice(confirmation.grandTotal),
  );
  expect(confirmation.counterCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  expect(await textOf(browser, '[data-testid="qr-counter-code"]')).toBe(confirmation.counterCode);
  expect(await browser.$('[role="timer"]').getAttribute('aria-label')).toMatch(/^残り1[45]分\d+秒$/);

  // Staff complete the payment; the QR page moves on to the order page by itself.
  await completeAtCounter(browser, decoded);
  await arrive(browser, /^\/order\/[A-Za-z0-9_-]{16,64}\/$/, 20_000);
  await eventually(async () => expect(await textOf(browser, 'h1')).toBe('ご注文内容'));
  await eventually(async () =>
    expect(await textOf(browser, '[data-testid="order-status"]')).toBe('お支払い済み'),
  );
  expect(await shownWithText(browser, '店頭受け取り')).toBe(true);
  expect(await totalIn(browser, '[data-testid="order-totals"]', 'grandTotal')).toBe(
    formatPrice(server.grandTotal),
  );
  expect(await textOf(browser, '[data-testid="shipment-status"]')).toBe('お届け先の入力待ち');

  // The address step: the postal code fills the prefecture and the city.
  await tap(browser, browser.$('a=お届け先を入力する'));
  await arrive(browser, /^\/address\/[A-Za-z0-9_-]{16,64}\/$/);
  const postal = await browser.$('input[name="postalCode"]');
  await postal.waitForDisplayed({ timeout: CONDITION_TIMEOUT });
  await postal.setValue('1500001');
  await eventually(async () => {
    expect(await browser.$('select[name="prefecture"]').getValue()).toBe('東京都');
    expect(await browser.$('input[name="city"]').getValue()).toBe('渋谷区神宮前');
  });
  expect(await textOf(browser, '[data-testid="postal-status"]')).toBe(
    '郵便番号から住所を入力しました。続きを入力してください。',
  );
  await browser.$('input[name="street"]').setValue('1-2-3');
  await browser.$('input[name="name"]').setValue('山田 太郎');
  await browser.$('input[name="nameKana"]').setValue('ヤマダ タロウ');
  await browser.$('input[name="phone"]').setValue('090-1234-5678');
  await tap(browser, browser.$('button=このお届け先で確定する'));
  await arrive(browser, /^\/address\/[A-Za-z0-9_-]{16,64}\/complete\/$/);
  await eventually(async () => expect(await shownWithText(browser, 'お届け先を受け付けました')).toBe(true));
  const summary = await textOf(browser, '[data-testid="address-summary"]');
  expect(summary).toContain('〒150-0001');
  expect(summary).toContain('東京都渋谷区神宮前1-2-3');
  expect(summary).toContain('090-1234-5678');
  await expectNoProblems(browser);
});
