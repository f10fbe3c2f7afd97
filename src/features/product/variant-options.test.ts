import type { Variant } from '../../lib/catalog/types.ts';
import {
  availability,
  availabilityText,
  chooseOption,
  findVariant,
  productOptions,
  selectionOf,
} from './variant-options.ts';
import { refreshVariants } from './variant-refresh.ts';

const LABELS: Record<string, string> = { count: '個数', flavor: '味' };

/** A variant with `count` and `flavor` options, e.g. variant(1, '6', 'tsubuan', 3). */
function variant(id: number, count: string, flavor: string | null, totalStock: number): Variant {
  const options = [{ name: 'count', value: count, displayName: '個数', displayValue: `${count}個入` }];
  if (flavor)
    options.push({ name: 'flavor', value: flavor, displayName: LABELS.flavor ?? '', displayValue: flavor });
  return {
    id,
    sku: `SKU-${id}`,
    title: options.map((o) => o.displayValue).join(' / '),
    compareAtPrice: null,
    price: 1000 * id,
    isSale: false,
    stockInShop: 0,
    totalStock,
    imageId: null,
    image: null,
    options,
  };
}

const yokan = [
  variant(1, '6', 'tsubuan', 3),
  variant(2, '6', 'matcha', 44),
  variant(3, '10', 'tsubuan', 0),
  variant(4, '10', 'matcha', 0),
];

describe('product options', () => {
  it('lists each option axis with its values in the order the variants name them', () => {
    const axes = productOptions(yokan);
    expect(axes.map((axis) => [axis.name, axis.displayName])).toEqual([
      ['count', '個数'],
      ['flavor', '味'],
    ]);
    expect(axes[0]?.values.map((v) => v.displayValue)).toEqual(['6個入', '10個入']);
    expect(axes[1]?.values.map((v) => v.value)).toEqual(['tsubuan', 'matcha']);
  });

  it('disables an option value when every variant with it has zero stock', () => {
    const [count, flavor] = productOptions(yokan);
    expect(count?.values.find((v) => v.value === '10')?.disabled).toBe(true);
    expect(count?.values.find((v) => v.value === '6')?.disabled).toBe(false);
    // tsubuan is sold out in 10個入 but in stock in 6個入: still choosable.
    expect(flavor?.values.every((v) => !v.disabled)).toBe(true);
  });

  it('keeps a value enabled when any one variant with it is in stock', () => {
    const [count] = productOptions([
      variant(1, '6', 'a', 0),
      variant(2, '6', 'b', 0),
      variant(3, '6', 'c', 1),
    ]);
    expect(count?.values).toEqual([{ value: '6', displayValue: '6個入', disabled: false }]);
  });

  it('de-duplicates options by name and value', () => {
    const twice = [variant(1, '6', null, 1), variant(2, '6', null, 0), variant(3, '12', null, 0)];
    const axes = productOptions(twice);
    expect(axes).toHaveLength(1);
    expect(axes[0]?.values.map((v) => [v.value, v.disabled])).toEqual([
      ['6', false],
      ['12', true],
    ]);
  });

  it('disables every value of a product with every variant sold out', () => {
    const axes = productOptions([variant(1, '6', 'a', 0), variant(2, '10', 'b', 0)]);
    expect(axes.flatMap((axis) => axis.values).every((v) => v.disabled)).toBe(true);
  });

  it('has no axes for a variant without options', () => {
    expect(productOptions([{ ...variant(1, '6', null, 1), options: [] }])).toEqual([]);
  });
});

describe('the variant a choice stands for', () => {
  it('finds the variant with exactly the chosen values', () => {
    expect(findVariant(yokan, { count: '6', flavor: 'matcha' })?.id).toBe(2);
    expect(findVariant(yokan, { count: '6' })).toBeUndefined();
    expect(findVariant(yokan, { count: '8', flavor: 'matcha' })).toBeUndefined();
  });

  it('keeps the other choices when the new combination is in stock', () => {
    expect(chooseOption(yokan, selectionOf(yokan[0] as Variant), 'flavor', 'matcha')).toEqual({
      count: '6',
      flavor: 'matcha',
    });
  });

  it('moves to an in-stock variant with the chosen value when the combination is sold out', () => {
    const variants = [variant(1, '6', 'a', 5), variant(2, '6', 'b', 0), variant(3, '10', 'b', 2)];
    expect(chooseOption(variants, { count: '6', flavor: 'a' }, 'flavor', 'b')).toEqual({
      count: '10',
      flavor: 'b',
    });
  });

  it('keeps a sold-out combination when no variant with the value is in stock', () => {
    expect(chooseOption(yokan, { count: '6', flavor: 'matcha' }, 'count', '10')).toEqual({
      count: '10',
      flavor: 'matcha',
    });
  });

  it('moves to an existing combination when the chosen one does not exist', () => {
    const variants = [variant(1, '6', 'a', 5), variant(2, '10', 'b', 0)];
    expect(chooseOption(variants, { count: '6', flavor: 'a' }, 'count', '10')).toEqual({
      count: '10',
      flavor: 'b',
    });
  });
});

describe('what a choice means for buying', () => {
  it('tells a missing combination, a sold-out variant, stock in the shop and shipping only apart', () => {
    expect(availability(undefined)).toBe('missing');
    expect(availability(variant(1, '6', null, 0))).toBe('soldOut');
    expect(availability({ ...variant(1, '6', null, 5), stockInShop: 2 })).toBe('inShop');
    expect(availability({ ...variant(1, '6', null, 5), stockInShop: 0 })).toBe('shipOnly');
  });
});

describe('the stock line under the options', () => {
  const labels = {
    noCombination: 'この組み合わせの商品はありません。',
    soldOut: '在庫なし',
    stockInShop: '店頭在庫 {count}点',
    stockInShopNone: '店頭在庫なし（配送でお届けします）',
  };

  it('shows the stock in the shop of the chosen variant', () => {
    expect(availabilityText({ ...variant(1, '6', null, 9), stockInShop: 3 }, labels)).toBe('店頭在庫 3点');
    expect(availabilityText({ ...variant(1, '6', null, 9), stockInShop: 0 }, labels)).toBe(
      labels.stockInShopNone,
    );
    expect(availabilityText(variant(1, '6', null, 0), labels)).toBe('在庫なし');
    expect(availabilityText(undefined, labels)).toBe(labels.noCombination);
  });
});

describe('a product page brought up to date after it is shown', () => {
  const built = [variant(1, '6', null, 0), variant(2, '8', null, 3), variant(3, '10', null, 2)];

  it('takes stock and prices from the API and names the prices that changed', () => {
    const fresh = [
      variant(1, '6', null, 4),
      { ...variant(2, '8', null, 0), price: 1500 },
      variant(3, '10', null, 2),
    ];
    const { variants, priceChanges } = refreshVariants(built, fresh);
    expect(variants.map((v) => v.totalStock)).toEqual([4, 0, 2]);
    expect(priceChanges).toEqual([{ variantId: 2, before: 2000, after: 1500 }]);
    expect(productOptions(variants)[0]?.values.map((v) => [v.value, v.disabled])).toEqual([
      ['6', false],
      ['8', true],
      ['10', false],
    ]);
  });

  it('reads a variant the API no longer has as sold out', () => {
    const { variants } = refreshVariants(built, [variant(2, '8', null, 3)]);
    expect(variants.map((v) => v.totalStock)).toEqual([0, 3, 0]);
  });
});
