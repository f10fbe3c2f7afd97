import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import { BagPage, completeAtCounter, pickProducts, serverConfirmation } from './fixtures/bag.ts';
import { expect, markReturningVisitor, test } from './fixtures/test.ts';

test.describe('a shopper’s order stays theirs', () => {
  test('a stranger who saw the QR code learns nothing personal; the shopper lands on their order', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const bag = new BagPage(page);
    const [pick] = await pickProducts(page.request, 1, { qty: 1, offset: 12 });
    if (!pick) throw new Error('no product');
    await bag.add(pick, 1);
    await bag.open();
    const alias = await bag.pay();
    const { urlForQrCode } = await serverConfirmation(page, alias);

    // Another phone, which photographed the QR code: the counter view asks for staff sign-in and shows no order.
    const origin = baseURL ?? '';
    const strangerContext = await browser.newContext({
      baseURL: origin,
    });
    await markReturningVisitor(strangerContext);
    const stranger = await strangerContext.newPage();
    await stranger.goto(urlForQrCode);
    await expect(stranger.getByRole('heading', { name: 'スタッフサインイン' })).toBeVisible();
    await expect(stranger.getByText(pick.product.title)).toHaveCount(0);
    await stranger.goto(`/qr/${alias}/`);
    await expect(stranger.getByRole('img', { name: 'お支払い用QRコード' })).toBeVisible();

    await completeAtCounter(page, urlForQrCode);

    // The shopper's page moves on to their order; the stranger's only learns that it was paid.
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{32}\/$/);
    await expect(stranger.getByText('このご注文はすでにお支払い済みです。')).toBeVisible({ timeout: 15_000 });
    expect(stranger.url()).toContain(`/qr/${alias}/`);
    const status = await stranger.request.get(`/api/catalog/cart/qr/${alias}/status`, {
      headers: { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN },
    });
    expect(await status.json()).not.toHaveProperty('orderAlias');
    await strangerContext.close();
  });

  test('staff sign-in: a wrong password is refused in Japanese and the password never reaches a URL', async ({
    page,
  }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/api/store/signin');
    await page.getByLabel('アカウント名').fill('staff');
    await page.getByLabel('パスワード').fill('wrong-password-1');
    await page.getByRole('button', { name: 'サインイン' }).click();
    await expect(page.getByRole('alert')).toHaveText('アカウント名またはパスワードが正しくありません。');
    expect(urls.some((url) => url.includes('wrong-password'))).toBe(false);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name.includes('staff'))).toBeUndefined();
  });
});

test.describe('the content security policy', () => {
  test('every page type carries a policy whose scripts and styles are hashes, never unsafe-inline', async ({
    page,
  }) => {
    for (const path of [
      '/',
      '/area/1/',
      '/area/1/products/1/',
      '/cart/',
      '/wishlist/',
      '/qr/timeout/',
      '/nope',
    ]) {
      const response = await page.request.get(path);
      const html = await response.text();
      const policy = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
      const directive = (name: string) =>
        policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
      expect(directive('script-src'), path).toContain("'sha256-");
      expect(directive('script-src'), path).not.toContain('unsafe');
      expect(directive('style-src'), path).not.toContain('unsafe');
      expect(directive('default-src'), path).toContain("'self'");
      // Frames: only the social embeds' providers, which editors' pages load when a visitor asks.
      expect(directive('frame-src').trim(), path).toBe(
        'frame-src https://www.youtube-nocookie.com https://platform.twitter.com https://www.instagram.com',
      );
      // What a <meta> policy cannot say comes as a header.
      expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });
});
