/**
 * Product options: the option axes shown on a product page, de-duplicated by name and value, a
 * value disabled when every variant having it has zero totalStock, and the variant a choice of values
 * stands for.
 */
import type { Variant } from '../../lib/catalog/types.ts';

interface OptionValue {
  /** Stable value key, e.g. `500ml`. */
  value: string;
  /** Label in the page's language. */
  displayValue: string;
  /** True when every variant with this value has zero totalStock. */
  disabled: boolean;
}

export interface OptionAxis {
  /** Stable option key, e.g. `capacity`. */
  name: string;
  displayName: string;
  values: OptionValue[];
}

/** Chosen value per option name. */
export type OptionSelection = Record<string, string>;

/**
 * The option axes of a product in the order the variants first name them, each value once (by name and
 * value), disabled when no variant having it is in stock.
 */
export function productOptions(variants: readonly Variant[]): OptionAxis[] {
  const axes = new Map<string, OptionAxis>();
  const valuesByAxis = new Map<string, Map<string, OptionValue>>();
  for (const variant of variants) {
    for (const option of variant.options) {
      let axis = axes.get(option.name);
      let values = valuesByAxis.get(option.name);
      if (!axis || !values) {
        axis = { name: option.name, displayName: option.displayName, values: [] };
        values = new Map();
        axes.set(option.name, axis);
        valuesByAxis.set(option.name, values);
      }
      let value = values.get(option.value);
      if (!value) {
        value = { value: option.value, displayValue: option.displayValue, disabled: true };
        values.set(option.value, value);
        axis.values.push(value);
      }
      if (variant.totalStock > 0) value.disabled = false;
    }
  }
  return [...axes.values()];
}

/** The options of a variant as a selection. */
export function selectionOf(variant: Variant): OptionSelection {
  return Object.fromEntries(variant.options.map((option) => [option.name, option.value]));
}

/** The variant whose options are exactly `selection`, if there is one. */
export function findVariant(variants: readonly Variant[], selection: OptionSelection): Variant | undefined {
  return variants.find(
    (variant) =>
      variant.options.length === Object.keys(selection).length &&
      variant.options.every((option) => selection[option.name] === option.value),
  );
}

/**
 * The selection after choosing `value` for option `name`: the other choices stay when that combination is
 * in stock; otherwise the first in-stock variant with the new value is taken, else the first variant with
 * it, so a choice never lands on a combination that does not exist when one that does is at hand.
 */
export function chooseOption(
  variants: readonly Variant[],
  selection: OptionSelection,
  name: string,
  value: string,
): OptionSelection {
  const wanted = { ...selection, [name]: value };
  const exact = findVariant(variants, wanted);
  if (exact && exact.totalStock > 0) return wanted;
  const having = variants.filter((variant) =>
    variant.options.some((option) => option.name === name && option.value === value),
  );
  const fallback = having.find((variant) => variant.totalStock > 0) ?? exact ?? having[0];
  return fallback ? selectionOf(fallback) : wanted;
}

/** What a choice of options means for buying: no such variant, sold out, in the shop, or shipped only. */
export type Availability = 'missing' | 'soldOut' | 'inShop' | 'shipOnly';

/** The availability of the chosen variant (undefined: the combination does not exist). */
export function availability(variant: Variant | undefined): Availability {
  if (!variant) return 'missing';
  if (variant.totalStock === 0) return 'soldOut';
  return variant.stockInShop > 0 ? 'inShop' : 'shipOnly';
}

export interface AvailabilityLabels {
  noCombination: string;
  soldOut: string;
  /** 「店頭在庫 {count}点」 */
  stockInShop: string;
  stockInShopNone: string;
}

/** What the product page says under the options about the chosen variant. */
export function availabilityText(variant: Variant | undefined, labels: AvailabilityLabels): string {
  switch (availability(variant)) {
    case 'missing':
      return labels.noCombination;
    case 'soldOut':
      return labels.soldOut;
    case 'inShop':
      return labels.stockInShop.replace('{count}', String(variant?.stockInShop ?? 0));
    default:
      return labels.stockInShopNone;
  }
}
