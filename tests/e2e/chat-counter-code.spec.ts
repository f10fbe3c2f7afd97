import { BagPage, pickProducts, signInStaff } from './fixtures/bag.ts';
import { brands, expectNoJapanese } from './fixtures/chat.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { ko } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

const s = (key: keyof typeof ko): string => ko[key];
const CODE = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/**
 * The counter code, end to end: a Korean chat visitor's QR page shows a short code under the QR; counter
 * staff, signed in, type it as people do (lower case, a space for the hyphen) and open the same order the
 * QR opens; a wrong code is refused; once paid, the code opens nothing.
 */
test.describe('a counter code for a QR that will not scan, in Korean chat', () => {
  test.use({ locale: 'ko-KR' });

  test('staff type the code the visitor shows and open the same order, until it is paid', async ({
    page,
    request,
  }) => {
    test.slow();
    const names = (await brands(page)).map((b) => b.name);
    const [pick] = await pickProducts(request, 1, { offset: 7 });
    if (!pick) throw new Error('no product to buy');
    await page.goto('/chat/cart/');
    await new BagPage(page).add(pick);
    await page.reload();
    await page.getByRole('button', { name: s('bag.pay') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: s('confirm.submit') }).click();

    // The visitor's QR page: the code under the QR, in Korean, nothing Japanese.
    await expect(page).toHaveURL(/\/chat\/qr\/[A-Za-z0-9_-]+\/(\?lang=\w+)?$/);
    const alias = new URL(page.url()).pathname.split('/')[3] ?? '';
    await expect(page.getByText(s('qr.fallback'))).toBeVisible();
    const shown = page.getByTestId('qr-counter-code');
    await expect(shown).toHaveText(CODE);
    const code = (await shown.textContent()) ?? '';
    await expect(page.getByText(alias)).toHaveCount(0);
    await expectNoJapanese(page, 'ko', names);
    await expectNoAxeViolations(page);

    // At the counter: signed-in staff open the form and type the code in lower case, a space for the hyphen.
    await signInStaff(page);
    const counter = await page.context().newPage();
    await counter.goto('/api/store/signin');
    await counter.getByRole('link', { name: 'QRコードを読み取れないときは、コードを入力する' }).click();
    await expect(counter.getByRole('heading', { level: 1, name: 'コードで注文を開く' })).toBeVisible();
    const field = counter.getByRole('textbox', { name: 'コード' });

    // A wrong code is refused, and what was typed stays to be corrected.
    await field.fill('k7qm 30hp');
    await counter.getByRole('button', { name: '注文を開く' }).click();
    await expect(counter.getByRole('alert')).toContainText('「0」は使われていません');
    await expect(field).toHaveValue('k7qm 30hp');
    const wrong = code === 'ABCD-EFGH' ? 'abcd efgj' : 'abcd efgh';
    await field.fill(wrong);
    await counter.getByRole('button', { name: '注文を開く' }).click();
    await expect(counter.getByRole('alert')).toContainText('お支払い待ちの注文は見つかりませんでした');

    await field.fill(code.toLowerCase().replace('-', ' '));
    await counter.getByRole('button', { name: '注文を開く' }).click();
    // The page the QR opens: its address is the QR's, and holds no code.
    await expect(counter.getByRole('heading', { level: 1, name: 'QRコード注文の確認' })).toBeVisible();
    expect(new URL(counter.url()).pathname).toBe(`/api/store/qr/${alias}`);
    await expect(counter.getByText('チャットからのご注文（韓国語）')).toBeVisible();
    await counter.getByRole('button', { name: 'お支払い完了' }).click();
    await expect(counter.getByRole('heading', { name: 'お支払いが完了しました' })).toBeVisible();

    // The visitor's page moves on to the order; the code opens nothing now.
    await expect(page).toHaveURL(/\/chat\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });
    await counter.goto('/api/store/code');
    await counter.getByRole('textbox', { name: 'コード' }).fill(code);
    await counter.getByRole('button', { name: '注文を開く' }).click();
    await expect(counter.getByRole('alert')).toContainText('お支払い待ちの注文は見つかりませんでした');
    await counter.close();
  });
});
