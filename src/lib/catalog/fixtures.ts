/** Bags, lines, confirmations and orders for unit and component tests (shapes of the contract). */
import type { CartConfirmation, Order, Shipment } from './cart.ts';
import type { Cart, CartProduct, Product, Variant } from './types.ts';

export function variant(overrides: Partial<Variant> = {}): Variant {
  return {
    id: 11,
    sku: 'SKU-11',
    title: '500ml',
    compareAtPrice: null,
    price: 3240,
    isSale: false,
    stockInShop: 4,
    totalStock: 8,
    imageId: null,
    image: null,
    options: [{ name: 'capacity', value: '500ml', displayName: '容量', displayValue: '500ml' }],
    ...overrides,
  };
}

export function cartLine(overrides: Partial<CartProduct> = {}): CartProduct {
  const v = variant(overrides.selectVariantId ? { id: overrides.selectVariantId } : {});
  const qty = overrides.qty ?? 1;
  const price = overrides.price ?? v.price;
  return {
    id: 1,
    shopifyProductId: 'gid://shopify/Product/1',
    images: [{ id: 1, src: 'http://localhost:4321/api/images/products/1.jpg' }],
    title: '季節の焼き菓子詰め合わせ',
    descriptionHtml: '<p>焼き菓子</p>',
    variants: [v],
    tenant: {
      id: 1,
      name: '菓子工房',
      logoSrc: 'http://localhost:4321/api/images/tenants/1.png',
      description: '',
      officialSiteUrl: null,
    },
    videoSrc: null,
    tags: [],
    stockInShop: v.stockInShop,
    areas: [2],
    price,
    totalPrice: price * qty,
    selectVariantId: v.id,
    qty,
    receive: 'ship',
    ...overrides,
  };
}

export function bag(overrides: Partial<Cart> = {}): Cart {
  const products = overrides.products ?? [
    cartLine(),
    cartLine({
      id: 2,
      title: '今治タオルセット',
      selectVariantId: 21,
      price: 5500,
      qty: 2,
      receive: 'store',
    }),
  ];
  const subtotal = products.reduce((sum, line) => sum + line.totalPrice, 0);
  return {
    products,
    count: products.reduce((sum, line) => sum + line.qty, 0),
    shippingCharge: 0,
    wrapping: false,
    wrappingFee: 0,
    subtotal,
    grandTotal: subtotal,
    warning: [],
    chatOrder: false,
    ...overrides,
  };
}

export function confirmation(overrides: Partial<CartConfirmation> = {}): CartConfirmation {
  const wrapped = bag({ wrapping: true, wrappingFee: 330 });
  return {
    draftOrderAlias: 'D'.repeat(32),
    products: wrapped.products,
    shippingCharge: 0,
    wrappingFee: 330,
    subtotal: wrapped.subtotal,
    grandTotal: wrapped.subtotal + 330,
    urlForQrCode: `http://localhost:4321/api/store/qr/${'D'.repeat(32)}`,
    expiresAt: '2026-11-21T05:15:00.000Z',
    ...overrides,
  };
}

export function shipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    shipmentAlias: 'S'.repeat(32),
    orderAlias: 'O'.repeat(32),
    status: 'awaiting_address',
    lines: [
      {
        productId: 1,
        variantId: 11,
        title: '季節の焼き菓子詰め合わせ',
        variantTitle: '500ml',
        imageSrc: null,
        qty: 1,
        price: 3240,
        totalPrice: 3240,
        receive: 'ship',
      },
    ],
    address: null,
    addressMasked: false,
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    orderAlias: 'O'.repeat(32),
    status: 'paid',
    createdAt: '2026-11-21T05:00:00.000Z',
    lines: shipment().lines,
    shippingCharge: 880,
    wrapping: false,
    wrappingFee: 0,
    subtotal: 3240,
    grandTotal: 4120,
    pickup: null,
    shipments: [shipment()],
    ...overrides,
  };
}

/** A variant for list and summary tests: a `compareAtPrice` above `price` puts it on sale. */
export function pricedVariant(
  id: number,
  price: number,
  totalStock = 5,
  compareAtPrice: number | null = null,
): Variant {
  return {
    id,
    sku: `S-${id}`,
    title: `v${id}`,
    compareAtPrice,
    price,
    isSale: compareAtPrice !== null && compareAtPrice > price,
    stockInShop: 0,
    totalStock,
    imageId: null,
    image: null,
    options: [],
  };
}

/** A product for list and summary tests: odd ids have an image; brand 2 has no official site. */
export function sampleProduct(
  id: number,
  areas: number[],
  tenantId = 1,
  variants = [pricedVariant(id * 10, 1000)],
): Product {
  return {
    id,
    shopifyProductId: `gid://shopify/Product/${id}`,
    images: id % 2 ? [{ id: id * 100, src: `http://img.test/p/${id}.jpg` }] : [],
    title: `商品${id}`,
    descriptionHtml: '',
    variants,
    tenant: {
      id: tenantId,
      name: `ブランド${tenantId}`,
      logoSrc: `http://img.test/t/${tenantId}.png`,
      description: '説明',
      officialSiteUrl: tenantId === 2 ? null : `https://b${tenantId}.example.jp/`,
    },
    videoSrc: null,
    tags: [],
    stockInShop: 0,
    areas,
  };
}
