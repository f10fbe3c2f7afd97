import { FALLBACK_IMAGE_SRC, freshImageUrl, imageUrl, onThisSite, responsiveImage } from './images.ts';

describe('image URLs', () => {
  const src = 'http://localhost:4321/api/images/products/12.jpg';

  it('asks the image host for a square of the given size and format', () => {
    expect(imageUrl(src, 256, 'webp')).toBe(`${src}?width=256&height=256&format=webp`);
  });

  it('makes the same URL afresh, keeping no template, as it makes from a kept one', () => {
    for (const from of [src, `${src}?v=2&width=10`, 'https://img.store.example/p/%E5%86%99%E7%9C%9F.jpg']) {
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        expect(freshImageUrl(from, 256, format)).toBe(imageUrl(from, 256, format));
      }
    }
  });

  it('keeps parameters the source already has and replaces size ones', () => {
    expect(imageUrl(`${src}?v=2&width=10`, 768)).toBe(`${src}?v=2&width=768&height=768&format=jpeg`);
  });

  it('gives, from a source asked for again, the same URL as from a fresh parse (the parse is kept per source)', () => {
    // As on the server, where a source already written as parsing writes it is not parsed.
    expect(import.meta.env.SSR).toBe(true);
    const direct = (from: string, size: number, format: string) => {
      const url = new URL(from);
      url.searchParams.set('width', String(size));
      url.searchParams.set('height', String(size));
      url.searchParams.set('format', format);
      return url.toString();
    };
    const sources = [
      src,
      `${src}?v=2&width=10`,
      `${src}?format=png&q=a b&x=%7E#top`,
      'https://img.example.jp/商品/タオル 1.jpg?名前=値',
      `${src}?note=_size_&f=_format_`,
      `${src}?note=%5Fsize%5F&f=%5fformat%5f`,
      `${src.replace('12.jpg', '_size_/12.jpg')}`,
      'HTTPS://IMG.EXAMPLE.JP:443/a/../b.jpg',
      // Written as parsing writes them, or not quite: ports, dot segments, numeric hosts, bare hosts.
      'https://img.example.jp/a/b-1_2~3.jpg',
      'http://localhost:8080/images/1.png',
      'http://localhost:80/images/1.png',
      'https://img.example.jp:443/1.png',
      'http://img.example.jp:65535/1.png',
      'https://img.example.jp/a/./b/../c.jpg',
      'https://img.example.jp/.well-known/x.jpg',
      'http://0x7f.1/a.jpg',
      'http://2130706433/a.jpg',
      'http://127.0.0.1:4321/a.jpg',
      'https://img.example.jp',
      'https://img.example.jp/dir/',
      'https://xn--eckwd4c7c.jp/a%20b.jpg',
    ];
    for (const from of sources)
      for (const [size, format] of [
        [256, 'webp'],
        [768, 'jpeg'],
        [1536, 'avif'],
        [256, 'webp'],
      ] as const)
        expect(imageUrl(from, size, format)).toBe(direct(from, size, format));
  });

  it('refuses a source that is not an absolute URL, every time it is asked', () => {
    expect(() => imageUrl('not a url', 256)).toThrow();
    expect(() => imageUrl('not a url', 256)).toThrow();
    expect(() => imageUrl('http://img.example.jp:70000/1.png', 256)).toThrow();
  });

  it('offers avif and webp at 1x and 2x, with a JPEG img', () => {
    const image = responsiveImage(src, 768);
    expect(image.src).toContain('width=768');
    expect(image.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(image.sources[0]?.srcset).toContain('width=1536');
    expect(image.width).toBe(768);
  });

  it('offers width candidates when the page says how wide the image is shown', () => {
    const image = responsiveImage(src, 768, '100vw');
    expect(image.sources[0]?.srcset).toBe(
      `${src}?width=768&height=768&format=avif 768w, ${src}?width=1536&height=1536&format=avif 1536w`,
    );
  });

  it('falls back to the logo image when there is no image', () => {
    expect(responsiveImage(null, 256)).toEqual({
      src: FALLBACK_IMAGE_SRC,
      sources: [],
      width: 256,
      height: 256,
    });
  });
});

describe("images on the site's own origin", () => {
  const site = 'https://gift.example.jp/';

  it('are written root-relative, so a page works at any origin it is opened at', () => {
    expect(onThisSite('https://gift.example.jp/api/images/products/1.jpg?width=256', site)).toBe(
      '/api/images/products/1.jpg?width=256',
    );
  });

  it('leave any other origin, a look-alike host and a relative URL as they are', () => {
    for (const url of [
      'https://img.store.example/p/1.jpg',
      'https://gift.example.jp.evil.example/api/images/1.jpg',
      'http://gift.example.jp/api/images/1.jpg',
      '/images/fallback-logo.svg',
    ]) {
      expect(onThisSite(url, site)).toBe(url);
    }
    expect(onThisSite('https://gift.example.jp/api/images/1.jpg', undefined)).toBe(
      'https://gift.example.jp/api/images/1.jpg',
    );
  });
});
