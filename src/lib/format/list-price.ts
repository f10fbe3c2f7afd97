/** How a product's price reads in a list (a product card); only the card needs it, so only its pages ship it. */
import { formatPrice, formatYen, priceFrom } from './price.ts';

export interface SummaryPrice {
  /** `¥1,080（税込）`, with `〜` when the variants' prices differ. */
  price: string;
  /** The lowest-priced variant's regular price, to strike through, when it is on sale. */
  compareAt: string | undefined;
}

/**
 * How a product's price reads in a list: its lowest price (`〜` when the variants' prices differ) and, when
 * that lowest-priced variant is on sale, its regular price.
 */
export function summaryPrice(summary: {
  price: number;
  maxPrice: number;
  compareAtPrice: number | null;
}): SummaryPrice {
  const range = summary.maxPrice > summary.price;
  const onSale = summary.compareAtPrice !== null && summary.compareAtPrice > summary.price;
  return {
    price: range ? priceFrom(formatPrice(summary.price)) : formatPrice(summary.price),
    compareAt: onSale && summary.compareAtPrice !== null ? formatYen(summary.compareAtPrice) : undefined,
  };
}
