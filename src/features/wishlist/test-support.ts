/** For the wishlist's tests: a product summary as the favorites store it. */
import type { ProductSummary } from '../product/index.ts';

export const summary = (id: number, price = 1000): ProductSummary => ({
  id,
  areaId: 1,
  title: `商品${id}`,
  tenantName: 'ブランド',
  imageSrc: null,
  price,
  maxPrice: price,
  compareAtPrice: null,
  onSale: false,
  soldOut: false,
  href: `/area/1/products/${id}/`,
});
