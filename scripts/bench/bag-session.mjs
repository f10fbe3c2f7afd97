// A shopper's bag on a served site, made through its /api proxy as a browser would: the cart cookie, two
// lines (one picked up, one shipped) and gift wrapping. Shared by the bag benchmarks.
const TOKEN = process.env.PUBLIC_CATALOG_API_TOKEN ?? 'gift-catalogue-public-token';

/** A fetch through the site's /api proxy that keeps the cart cookie, like one browser. */
export function shopper(base) {
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    async call(method, path, body) {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: {
          'X-Api-Token': TOKEN,
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = response.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0];
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}

/** Products from the end of the catalogue with stock in the shop and in total (the seed's facts are at its start). */
export async function stockedProducts(base, count, qty = 2) {
  const { products } = await shopper(base).call('GET', '/catalog/products?size=100');
  const picks = [];
  for (const product of [...products].reverse()) {
    const variant = product.variants.find((v) => v.totalStock >= qty + 5 && v.stockInShop >= qty + 2);
    if (variant) picks.push({ product, variantId: variant.id });
    if (picks.length === count) return picks;
  }
  throw new Error(`fewer than ${count} products with stock`);
}

/** A filled bag: one line picked up, one shipped, wrapping on. Returns the shopper (with its cookie). */
export async function filledBag(base) {
  const client = shopper(base);
  const [pickup, shipped] = await stockedProducts(base, 2);
  await client.call('POST', '/catalog/cart/product', {
    productId: shipped.product.id,
    variantId: shipped.variantId,
    addQty: 1,
  });
  await client.call('POST', '/catalog/cart/product', {
    productId: pickup.product.id,
    variantId: pickup.variantId,
    addQty: 2,
  });
  await client.call('PUT', '/catalog/cart/product-receive', {
    productId: pickup.product.id,
    variantId: pickup.variantId,
    receive: 'store',
  });
  await client.call('PUT', '/catalog/cart/wrapping', { wrapping: true });
  return client;
}
