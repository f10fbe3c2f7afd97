/**
 * The product page's variants brought up to date after it is shown (variant-picker.ts): a module apart from
 * variant-options.ts, which chat's product shares, so that chat loads none of it.
 */
import type { Variant } from '../../lib/catalog/types.ts';

/** A variant whose price changed since the page was built. */
export interface PriceChange {
  variantId: number;
  before: number;
  after: number;
}

/**
 * The page's variants brought up to date with what the API says now: stock and prices from `fresh` (a
 * variant the API no longer has reads as sold out), and which prices changed.
 */
export function refreshVariants(
  built: readonly Variant[],
  fresh: readonly Variant[],
): { variants: Variant[]; priceChanges: PriceChange[] } {
  const now = new Map(fresh.map((variant) => [variant.id, variant]));
  const priceChanges: PriceChange[] = [];
  const variants = built.map((variant) => {
    const current = now.get(variant.id);
    if (!current) return { ...variant, totalStock: 0, stockInShop: 0 };
    if (current.price !== variant.price) {
      priceChanges.push({ variantId: variant.id, before: variant.price, after: current.price });
    }
    return {
      ...variant,
      price: current.price,
      compareAtPrice: current.compareAtPrice,
      isSale: current.isSale,
      totalStock: current.totalStock,
      stockInShop: current.stockInShop,
    };
  });
  return { variants, priceChanges };
}
