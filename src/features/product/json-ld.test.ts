import type { Product, Variant } from '../../lib/catalog/types.ts';
import { plainText } from '../../lib/html.ts';
import { breadcrumbJsonLd, productHeadHtml, productJsonLd } from './json-ld.ts';

const variant = (id: number, price: number, totalStock: number, title = `v${id}`): Variant => ({
  id,
  sku: `SKU-${id}`,
  title,
  compareAtPrice: null,
  price,
  isSale: false,
  stockInShop: 0,
  totalStock,
  imageId: null,
  image: null,
  options: [],
});

const product: Product = {
  id: 2,
  shopifyProductId: 'gid://shopify/Product/2',
  images: [{ id: 4, src: 'http://img.test/products/4.jpg' }],
  title: '本練り羊羹',
  descriptionHtml: '<p>北海道産小豆の<strong>羊羹</strong>です。</p><script>alert(1)</script>',
  variants: [variant(4, 2592, 3, '6個入'), variant(6, 4212, 0, '10個入')],
  tenant: {
    id: 1,
    name: '京菓子司 香月堂',
    logoSrc: 'http://img.test/t.png',
    description: '',
    officialSiteUrl: null,
  },
  videoSrc: null,
  tags: [],
  stockInShop: 3,
  areas: [1],
};

describe('product structured data', () => {
  const url = 'https://gift.example/area/1/products/2/';
  const data = productJsonLd(product, plainText(product.descriptionHtml), url);

  it('names the product, its brand, its 768 image and a plain-text description', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: '本練り羊羹',
      brand: { '@type': 'Brand', name: '京菓子司 香月堂' },
      image: ['http://img.test/products/4.jpg?width=768&height=768&format=jpeg'],
      description: '北海道産小豆の羊羹です。',
      sku: 'SKU-4',
    });
  });

  it('offers every variant in yen with its availability', () => {
    expect(data.offers).toEqual([
      expect.objectContaining({
        sku: 'SKU-4',
        price: 2592,
        priceCurrency: 'JPY',
        availability: 'https://schema.org/InStock',
        url,
      }),
      expect.objectContaining({ sku: 'SKU-6', price: 4212, availability: 'https://schema.org/OutOfStock' }),
    ]);
  });

  it('gives a variant on sale its regular price as the strike-through price', () => {
    const onSale = { ...variant(7, 2160, 5, '8個入'), compareAtPrice: 2700, isSale: true };
    const [offer] = productJsonLd({ ...product, variants: [onSale] }, '', url).offers;
    expect(offer).toMatchObject({
      price: 2160,
      priceSpecification: [
        { '@type': 'UnitPriceSpecification', price: 2160, priceCurrency: 'JPY' },
        {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: 2700,
          priceCurrency: 'JPY',
        },
      ],
    });
    // A regular price not above the price is no sale.
    const notOnSale = { ...variant(8, 2160, 5), compareAtPrice: 2160 };
    expect(productJsonLd({ ...product, variants: [notOnSale] }, '', url).offers[0]).not.toHaveProperty(
      'priceSpecification',
    );
  });

  it('has no image when the product has none', () => {
    expect(productJsonLd({ ...product, images: [] }, '', url)).not.toHaveProperty('image');
  });

  it('cuts a long description at 5,000 characters', () => {
    const long = 'あ'.repeat(6000);
    expect(productJsonLd(product, long, url).description).toBe(`${'あ'.repeat(4999)}…`);
  });

  it('goes into the head as a script its data cannot close, with the lead price for sharing cards', () => {
    const html = productHeadHtml(
      { ...product, title: '</script><script>alert(1)</script>' },
      'a & b',
      url,
      2592,
    );
    expect(html.startsWith('<script type="application/ld+json">{')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>');
    expect(html).toContain('"description":"a & b"');
    expect(
      html.endsWith(
        '<meta property="product:price:amount" content="2592"><meta property="product:price:currency" content="JPY">',
      ),
    ).toBe(true);
  });
});

describe('breadcrumb structured data', () => {
  it('lists the trail from home to the page, each item at its absolute URL but the page itself', () => {
    const page = 'https://gift.example/area/1/products/2/';
    expect(
      breadcrumbJsonLd(
        [{ label: 'ホーム', href: '/' }, { label: 'BASE A', href: '/area/1/' }, { label: '本練り羊羹' }],
        page,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'ホーム', item: 'https://gift.example/' },
        { '@type': 'ListItem', position: 2, name: 'BASE A', item: 'https://gift.example/area/1/' },
        { '@type': 'ListItem', position: 3, name: '本練り羊羹', item: page },
      ],
    });
  });
});
