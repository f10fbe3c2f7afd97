import type { Page } from '@playwright/test';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { Product, ProductPage } from '../../src/lib/catalog/types.ts';
import { BagPage, serverConfirmation, signInStaff } from './fixtures/bag.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { en } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Gifts given the Japanese way, at 390 px: お歳暮 sent by shipping with 外のし and the sender's name, from the
 * bag to the counter's screen (as the store prints it) and the order page; the same in chat mode in English,
 * the 表書き shown as printed.
 */
test.use({ viewport: { width: 390, height: 844 } });

const headers = { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN };
const PRINTED = '外のし・御歳暮・名入れ 山田';

/**
 * Puts in the bag a product tagged お歳暮 that takes のし (the bag says which), from the end of the catalogue,
 * the `skip`th such one; other lines are taken out again.
 */
async function addOseibo(page: Page, skip: number): Promise<Product> {
  const response = await page.request.get('/api/catalog/products?size=100', { headers });
  const tagged = ((await response.json()) as ProductPage).products
    .reverse()
    .filter((p) => p.tags.some((tag) => tag.name === 'お歳暮') && p.variants.some((v) => v.totalStock >= 5));
  let found = 0;
  for (const product of tagged) {
    const variantId = product.variants.find((v) => v.totalStock >= 5)?.id ?? 0;
    const line = { productId: product.id, variantId };
    await page.request.post('/api/catalog/cart/product', { headers, data: { ...line, addQty: 1 } });
    const bag = await (await page.request.post('/api/catalog/cart', { headers, data: {} })).json();
    const takes = (bag.products as { id: number; noshi?: boolean }[]).find((p) => p.id === product.id)?.noshi;
    if (takes && found++ === skip) return product;
    await page.request.put('/api/catalog/cart/product-qty', { headers, data: { ...line, qty: 0 } });
  }
  throw new Error('the seed has no product tagged お歳暮 that takes のし');
}

/** Opens the counter's screen for a draft order (staff signed in) and gives it. */
async function counterScreen(page: Page, alias: string): Promise<Page> {
  await signInStaff(page);
  const counter = await page.context().newPage();
  await counter.goto(new URL(`/api/store/qr/${alias}`, page.url()).toString());
  await expect(counter.getByRole('heading', { name: 'QRコード注文の確認' })).toBeVisible();
  return counter;
}

test('お歳暮 with 外のし and a name by shipping: the bag, the confirmation, the QR, the counter and the order show it', async ({
  page,
}) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const product = await addOseibo(page, 0);
  const bag = new BagPage(page);
  await bag.open();
  const line = bag.line(product.title);
  await expect(line.getByRole('radio', { name: '配送する' })).toBeChecked();

  // The choice opens under the line, loaded then; each placement and the wrapping are explained where the shopper chooses.
  await line.getByRole('button', { name: `${product.title}ののし・メッセージカードを選ぶ` }).click();
  const choice = page.getByRole('form', { name: `${product.title}ののし・メッセージカード` });
  await expect(
    choice.getByText('ギフトラッピングはご注文全体をまとめて包装します', { exact: false }),
  ).toBeVisible();
  await choice.getByRole('combobox', { name: '表書き' }).selectOption('御歳暮');
  await expect(choice.getByText('包装の上からのしを掛けます。', { exact: false })).toBeVisible();
  await expect(choice.getByText('品物にのしを掛けてから包装します。', { exact: false })).toBeVisible();
  await choice.getByRole('radio', { name: /^外のし/ }).check();

  // Bad input: an over-long name is refused in Japanese, and what was typed stays.
  const name = choice.getByRole('textbox', { name: /^名入れ/ });
  await name.fill('山田'.repeat(11));
  await choice.getByRole('button', { name: '決定する' }).click();
  await expect(choice.getByText('名入れは20文字以内で入力してください。')).toBeVisible();
  await expect(name).toHaveValue('山田'.repeat(11));
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await name.fill('山田');
  await choice
    .getByRole('textbox', { name: /^メッセージカード/ })
    .fill('いつもありがとうございます。\nお元気で。');
  await expect(choice.getByTestId('noshi-preview')).toHaveText(`印刷される内容：${PRINTED}`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('bag-noshi-choice-390.png'), fullPage: true });
  await choice.getByRole('button', { name: '決定する' }).click();
  await expect(choice).toBeHidden();
  await expect(line.getByText(`のし：${PRINTED}`)).toBeVisible();
  const server = await bag.serverBag();
  expect(server.products.find((p) => p.id === product.id)?.gift).toEqual({
    noshi: { title: '御歳暮', placement: 'outside', name: '山田' },
    message: 'いつもありがとうございます。\nお元気で。',
  });

  // The final confirmation and the QR page.
  await page.getByRole('button', { name: '店頭でのお支払いに進む' }).click();
  const confirm = page.getByRole('dialog', { name: 'ご注文内容の最終確認' });
  await expect(confirm.getByTestId('line-noshi')).toHaveText(`のし：${PRINTED}`);
  await page.keyboard.press('Escape');
  const alias = await bag.pay();
  await expect(page.getByTestId('line-noshi')).toHaveText(`のし：${PRINTED}`);
  await expect(page.getByTestId('line-message')).toContainText('いつもありがとうございます。');

  // The counter's screen, in Japanese as the store prints it; staff complete the payment there.
  const counter = await counterScreen(page, alias);
  await expect(counter.getByText(`のし：${PRINTED}`)).toBeVisible();
  await expect(
    counter.getByText('メッセージカード：いつもありがとうございます。', { exact: false }),
  ).toBeVisible();
  await counter.screenshot({ path: test.info().outputPath('counter-noshi.png'), fullPage: true });
  await counter.getByRole('button', { name: 'お支払い完了' }).click();
  await expect(counter.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible();
  await counter.close();

  await page.waitForURL(/\/order\/[A-Za-z0-9_-]{16,64}\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容' })).toBeVisible();
  await expect(page.getByTestId('line-noshi').first()).toHaveText(`のし：${PRINTED}`);
  await expect(page.getByTestId('shipment').getByTestId('line-noshi')).toHaveText(`のし：${PRINTED}`);
  expect((await serverConfirmation(page, alias)) as object).toMatchObject({ errorCode: 'COMPLETED' });
  expect(errors).toEqual([]);
});

test.describe('in chat mode', () => {
  test.use({ locale: 'en-US' });

  test('offered in English, the Japanese 表書き shown as printed, and at the counter and on the order page', async ({
    page,
  }) => {
    test.slow();
    const { id } = await addOseibo(page, 1);
    const product = (await (
      await page.request.get(`/api/catalog/products/${id}?lang=en`, { headers })
    ).json()) as Product;
    await page.goto('/chat/cart/');
    const line = page.getByTestId('bag-line').filter({ hasText: product.title });
    await expect(line.getByRole('radio', { name: en['bag.receive.ship'] })).toBeChecked();
    await line.getByRole('button', { name: en['noshi.openLabel'].replace('{title}', product.title) }).click();
    const choice = page.getByRole('form', {
      name: en['noshi.dialogTitle'].replace('{title}', product.title),
    });
    await expect(choice.getByText(en['noshi.wrappingNote'])).toBeVisible();
    await choice.getByRole('combobox', { name: en['noshi.omotegaki'] }).selectOption('御歳暮');
    await expect(choice.getByText(en['noshi.outsideNote'])).toBeVisible();
    await choice
      .getByRole('radio', { name: new RegExp(`^${en['noshi.outside'].replace(/[()]/g, '\\$&')}`) })
      .check();
    await choice.getByRole('textbox', { name: en['noshi.name'] }).fill('山田');
    await expect(choice.getByTestId('noshi-preview')).toHaveText(
      en['noshi.printed'].replace('{printed}', PRINTED),
    );
    // A control character in the card is refused in English; the text stays.
    const card = choice.getByRole('textbox', { name: en['noshi.message'] });
    await card.fill('Thank you\u0007');
    await choice.getByRole('button', { name: en['noshi.save'] }).click();
    await expect(choice.getByText(en['noshi.error.control'])).toBeVisible();
    await expect(card).toHaveValue('Thank you\u0007');
    await card.fill('Thank you for everything.');
    await choice.getByRole('button', { name: en['noshi.save'] }).click();
    await expect(choice).toBeHidden();
    await expect(line.getByText(en['noshi.line'].replace('{printed}', PRINTED))).toBeVisible();

    await page.getByRole('button', { name: en['bag.pay'] }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByTestId('line-noshi')).toHaveText(
      en['noshi.line'].replace('{printed}', PRINTED),
    );
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: en['confirm.submit'] }).click();
    await expect(page).toHaveURL(/\/chat\/qr\/[A-Za-z0-9_-]+\/(\?lang=\w+)?$/);
    await expect(page.getByTestId('line-noshi')).toHaveText(en['noshi.line'].replace('{printed}', PRINTED));
    const alias = new URL(page.url()).pathname.split('/')[3] ?? '';

    const counter = await counterScreen(page, alias);
    await expect(counter.getByText(`のし：${PRINTED}`)).toBeVisible();
    await expect(counter.getByText('メッセージカード：Thank you for everything.')).toBeVisible();
    await counter.getByRole('button', { name: 'お支払い完了' }).click();
    await expect(counter.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible();
    await counter.close();

    await expect(page).toHaveURL(/\/chat\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });
    await expect(page.getByTestId('line-noshi').first()).toHaveText(
      en['noshi.line'].replace('{printed}', PRINTED),
    );
    await expect(page.getByTestId('line-message').first()).toHaveText(
      en['noshi.messageLine'].replace('{message}', 'Thank you for everything.'),
    );
  });
});
