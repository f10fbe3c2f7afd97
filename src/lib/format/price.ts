/**
 * The one price formatter. Money is an integer of yen until here. Not Intl currency output: ja-JP gives a
 * full-width ￥ that differs between Node and browsers and breaks hydration.
 */

/** `1234` → `¥1,234`. Throws on non-integers: a fractional yen is a bug upstream. */
export function formatYen(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new TypeError(`not an integer amount of yen: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${digits}`;
}

let taxIncluded = (yen: string): string => `${yen}（税込）`;
let from = (price: string): string => `${price}〜`;

/**
 * Chat mode words prices in the visitor's language: the tax-inclusive label (`¥1,234 (tax incl.)`) and the
 * lowest of several prices (`From ¥1,234 (tax incl.)`).
 */
export function setPriceWords(words: {
  taxIncluded: (yen: string) => string;
  from: (price: string) => string;
}): void {
  taxIncluded = words.taxIncluded;
  from = words.from;
}

/** The lowest of several prices: `¥1,080（税込）〜`. */
export function priceFrom(price: string): string {
  return from(price);
}

/** Tax-inclusive display (総額表示): `¥1,234（税込）`, or its label in chat mode's language. */
export function formatPrice(amount: number): string {
  return taxIncluded(formatYen(amount));
}

export interface PriceDisplay {
  /** What the shopper pays, tax included. */
  price: string;
  /** The regular price, struck through, when the item is on sale. */
  compareAt: string | undefined;
  /** Percentage off, rounded down, when on sale. */
  percentOff: number | undefined;
}

/** Price and sale display for a variant: on sale only when compareAt exceeds price. */
export function priceDisplay(price: number, compareAtPrice: number | null | undefined): PriceDisplay {
  const onSale = typeof compareAtPrice === 'number' && compareAtPrice > price;
  return {
    price: formatPrice(price),
    compareAt: onSale ? formatYen(compareAtPrice) : undefined,
    percentOff: onSale ? Math.floor(((compareAtPrice - price) / compareAtPrice) * 100) : undefined,
  };
}
