import { inSitemap, robotsTxt } from './seo.ts';

const site = 'https://gift.example.jp';

describe('the sitemap', () => {
  it('lists the catalogue and the site pages', () => {
    for (const path of [
      '/',
      '/about/',
      '/terms/',
      '/tokushoho/',
      '/brands/',
      '/brands/3/',
      '/product-tags/2/page/2/',
    ]) {
      expect(inSitemap(`${site}${path}`), path).toBe(true);
    }
    expect(inSitemap(`${site}/area/1/products/2/`)).toBe(true);
  });

  it('leaves out the 404 page, per-visitor pages, the scanner and the chat pages', () => {
    for (const path of [
      '/404/',
      '/scan/',
      '/scan',
      '/404',
      '/cart/',
      '/wishlist/',
      '/qr/timeout/',
      '/order/_/',
      '/address/_/complete/',
    ]) {
      expect(inSitemap(`${site}${path}`), path).toBe(false);
    }
    for (const path of ['/chat/', '/chat', '/chat/brands/1/', '/chat/terms/']) {
      expect(inSitemap(`${site}${path}`), path).toBe(false);
    }
  });

  it('keeps pages that only start like a per-visitor one', () => {
    expect(inSitemap(`${site}/chatter/`)).toBe(true);
    expect(inSitemap(`${site}/cartography/`)).toBe(true);
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps the build manifest out and names the sitemap by its absolute URL', () => {
    const text = robotsTxt(new URL(site));
    expect(text).toContain('User-agent: *\nAllow: /\n');
    expect(text).toContain('Disallow: /_build/\n');
    expect(text).toContain(`Sitemap: ${site}/sitemap-index.xml\n`);
  });

  it('lets crawlers reach the per-visitor pages, whose noindex they must read to keep them out', () => {
    const text = robotsTxt(new URL(site));
    for (const path of ['/cart/', '/wishlist/', '/qr/', '/order/', '/address/']) {
      expect(text).not.toContain(`Disallow: ${path}`);
    }
  });
});
