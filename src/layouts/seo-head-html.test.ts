/** What every page's head says about it, written as a string: escaped, and complete for shares and search. */
import { seoHeadHtml } from './seo-head-html.ts';

const base = {
  fullTitle: '抹茶 & 羊羹 "特選" | ギフトカタログ',
  description: '<script>alert(1)</script> & more',
  canonical: 'http://localhost:4321/area/1/products/2/',
  noindex: false,
  lang: 'ja',
  ogType: 'product',
  siteName: 'ギフトカタログ',
  imageWidth: 768,
  imageHeight: 768,
  imageAlt: '抹茶 "特選"',
};

describe("a page's head", () => {
  it('escapes the title as text and every value as an attribute', () => {
    const html = seoHeadHtml(base);
    expect(html).toContain('<title>抹茶 &amp; 羊羹 &quot;特選&quot; | ギフトカタログ</title>');
    expect(html).toContain('<meta name="description" content="<script>alert(1)</script> &amp; more">');
    expect(html).toContain(
      '<meta property="og:title" content="抹茶 &amp; 羊羹 &quot;特選&quot; | ギフトカタログ">',
    );
    expect(html).toContain('<link rel="canonical" href="http://localhost:4321/area/1/products/2/">');
    expect(html).toContain('<meta property="og:locale" content="ja_JP">');
  });

  it('names its sharing image with its size and alt text, and no image when it has none', () => {
    const withImage = seoHeadHtml({ ...base, image: 'https://img.test/p.jpg?w=768&h=768' });
    expect(withImage).toContain(
      '<meta property="og:image" content="https://img.test/p.jpg?w=768&amp;h=768">',
    );
    expect(withImage).toContain('<meta property="og:image:alt" content="抹茶 &quot;特選&quot;">');
    expect(withImage).toContain('<meta name="twitter:card" content="summary">');
    expect(withImage).toContain('<meta name="twitter:image:alt" content="抹茶 &quot;特選&quot;">');
    const wide = seoHeadHtml({
      ...base,
      image: 'https://img.test/w.jpg',
      imageWidth: 1200,
      imageHeight: 630,
    });
    expect(wide).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(seoHeadHtml(base)).not.toContain('og:image');
  });

  it('keeps a per-visitor page out of search results instead of naming a canonical URL', () => {
    const html = seoHeadHtml({ ...base, noindex: true, lang: 'en' });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<meta property="og:locale" content="en_US">');
  });
});
