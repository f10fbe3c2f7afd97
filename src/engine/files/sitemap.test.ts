import { inSitemap } from '../../lib/seo.ts';
import { canonicalOnly, sitemapFiles, sitemapUrls, xmlText } from './sitemap.ts';

const site = new URL('http://shop.test/');
const route = (pathname: string | undefined, type: 'page' | 'endpoint' = 'page') => ({
  type,
  ...(pathname === undefined ? {} : { pathname }),
  generate: () => pathname ?? '',
});

describe('the sitemap', () => {
  it('lists each built page once as an absolute URL, ordered as numbers read, without the status pages', () => {
    const urls = sitemapUrls(
      [
        { pathname: 'area/1/products/10/' },
        { pathname: '' },
        { pathname: 'area/1/products/2/' },
        { pathname: 'about/' },
        { pathname: '404/' },
        { pathname: 'area/1/products/2/' },
      ],
      [route('/about'), route('/terms'), route('/404'), route('/robots.txt', 'endpoint'), route(undefined)],
      site,
      () => true,
    );
    expect(urls).toEqual([
      'http://shop.test/',
      'http://shop.test/about/',
      'http://shop.test/area/1/products/2/',
      'http://shop.test/area/1/products/10/',
      'http://shop.test/terms/',
    ]);
  });

  it("keeps only what the site's rule admits: no per-visitor, chat or 404 page", () => {
    const urls = sitemapUrls(
      [{ pathname: '' }, { pathname: 'cart/' }, { pathname: 'chat/' }, { pathname: 'area/2/' }],
      [],
      site,
      inSitemap,
    );
    expect(urls).toEqual(['http://shop.test/', 'http://shop.test/area/2/']);
  });

  it('is split into files of at most the given number of pages, each named in the index', () => {
    const urls = Array.from({ length: 5 }, (_, index) => `http://shop.test/area/1/products/${index + 1}/`);
    const files = sitemapFiles(urls, site, 2);
    expect(files.map((file) => file.name)).toEqual([
      'sitemap-0.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-index.xml',
    ]);
    expect(files[0]?.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">' +
        '<url><loc>http://shop.test/area/1/products/1/</loc></url><url><loc>http://shop.test/area/1/products/2/</loc></url></urlset>',
    );
    expect(files[2]?.text).toContain('<url><loc>http://shop.test/area/1/products/5/</loc></url></urlset>');
    expect(files[3]?.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<sitemap><loc>http://shop.test/sitemap-0.xml</loc></sitemap><sitemap><loc>http://shop.test/sitemap-1.xml</loc></sitemap>' +
        '<sitemap><loc>http://shop.test/sitemap-2.xml</loc></sitemap></sitemapindex>',
    );
  });

  it("lists a product in several areas once, at its canonical page, not its other areas' pages", () => {
    const urls = sitemapUrls(
      [{ pathname: 'area/1/products/5/' }, { pathname: 'area/2/products/5/' }, { pathname: 'area/2/' }],
      [],
      site,
      canonicalOnly(inSitemap, new Set(['/area/2/products/5/'])),
    );
    expect(urls).toEqual(['http://shop.test/area/1/products/5/', 'http://shop.test/area/2/']);
  });

  it('says when each page and each file last changed: the build that wrote them', () => {
    const files = sitemapFiles(['http://shop.test/'], site, 2, '2026-11-28T10:00:00.000Z');
    expect(files[0]?.text).toContain(
      '<url><loc>http://shop.test/</loc><lastmod>2026-11-28T10:00:00.000Z</lastmod></url>',
    );
    expect(files[1]?.text).toContain(
      '<sitemap><loc>http://shop.test/sitemap-0.xml</loc><lastmod>2026-11-28T10:00:00.000Z</lastmod></sitemap>',
    );
  });

  it('escapes what XML reads as markup and leaves out what it cannot hold', () => {
    expect(xmlText('http://shop.test/?a=1&b=<2>')).toBe('http://shop.test/?a=1&amp;b=&lt;2&gt;');
    expect(xmlText('a\u0000b\u001fc\ufffed')).toBe('abcd');
  });
});
