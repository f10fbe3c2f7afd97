/** What a bag line shows, derived from the bag the server answered (no rule in JSX). */
import type { CartProduct, CartWarning, LineGift, Variant } from '../../lib/catalog/types.ts';
import { formatPrice } from '../../lib/format/price.ts';
import { normalizeReceive } from './receive.ts';

/** The most a line may hold (the contract's limit). */
const MAX_LINE_QTY = 99;

/** A line's identity: the product and the chosen variant. */
export interface LineKey {
  productId: number;
  variantId: number;
}

/** `productId:variantId`, for maps and React keys. */
export const lineKey = (line: LineKey) => `${line.productId}:${line.variantId}`;

export interface LineView extends LineKey {
  key: string;
  title: string;
  /** The variant's name (its options, or its title), empty when the product has one plain variant. */
  variantLabel: string;
  imageSrc: string | null;
  qty: number;
  /** Tax-inclusive unit price and line total, formatted. */
  unitPrice: string;
  lineTotal: string;
  receive: 'store' | 'ship';
  /** The most the stepper offers: the stock, at most 99, never below the current quantity. */
  maxQty: number;
  /** How many of the variant the store holds (pickup needs one). */
  storeStock: number;
  warning: CartWarning | undefined;
  /** True when the product takes のし (the API says so on the line). */
  noshi: boolean | undefined;
  /** The line's のし and message card, absent for none. */
  gift: LineGift | undefined;
}

function variantOf(line: CartProduct): Variant | undefined {
  return line.variants.find((variant) => variant.id === line.selectVariantId);
}

/**
 * An option's name and value as the page's language (`<html lang>`, as the strings read it) writes them:
 * Japanese and Chinese with the full-width colon, as the product page and the descriptions write them
 * (個数：6個入), others with a colon and a space (Size: 6 pcs). No strings file: this module rides with
 * adding to the bag on the product page, whose script loads none.
 */
export function optionText(name: string, value: string, lang = pageLanguage()): string {
  return /^(ja|zh)/.test(lang) ? `${name}：${value}` : `${name}: ${value}`;
}

const pageLanguage = () => (typeof document === 'undefined' ? 'ja' : document.documentElement.lang || 'ja');

/** `容量：500ml / 色：赤` (optionText), or the variant title, or '' for a product's only default variant. */
export function variantLabel(variant: Variant | undefined): string {
  if (!variant) return '';
  if (variant.options.length > 0) {
    return variant.options.map((option) => optionText(option.displayName, option.displayValue)).join(' / ');
  }
  return variant.title === 'Default Title' ? '' : variant.title;
}

/** The line as the bag shows it, with its warning when it has one. */
export function lineView(line: CartProduct, warnings: readonly CartWarning[] = []): LineView {
  const variant = variantOf(line);
  const key = { productId: line.id, variantId: line.selectVariantId };
  const stock = variant?.totalStock ?? line.qty;
  return {
    ...key,
    key: lineKey(key),
    title: line.title,
    variantLabel: variantLabel(variant),
    imageSrc: variant?.image?.src ?? line.images[0]?.src ?? null,
    qty: line.qty,
    unitPrice: formatPrice(line.price),
    lineTotal: formatPrice(line.totalPrice),
    receive: normalizeReceive(line.receive),
    maxQty: Math.max(line.qty, Math.min(MAX_LINE_QTY, stock)),
    storeStock: variant?.stockInShop ?? line.stockInShop,
    warning: warnings.find((w) => w.productId === key.productId && w.variantId === key.variantId),
    noshi: line.noshi,
    gift: line.gift,
  };
}

/**
 * True when the line shows its のし and message card part: the store offers them (the bag's `noshiTitles`)
 * and the line takes のし or is shipped (a card goes with a parcel).
 */
export const offersGift = (line: LineView, titles: readonly string[] | undefined) =>
  !!titles && (!!line.noshi || line.receive === 'ship');

/** True when any line is shipped (the totals then show the shipping row). */
export const anyShipped = (lines: readonly { receive: unknown }[]) =>
  lines.some((line) => normalizeReceive(line.receive) === 'ship');
