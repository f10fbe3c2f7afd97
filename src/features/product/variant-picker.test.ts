// @vitest-environment happy-dom
/**
 * <variant-picker> once the API has answered: the page was built with the stock and prices of the build,
 * and the element brings the price line, the options and every variant's prices up to date.
 */
import { pricedVariant } from '../../../tests/fixtures/catalogue.ts';
import { shownText } from '../../../tests/fixtures/dom.ts';
import type { Variant } from '../../lib/catalog/types.ts';
import { variantPickerHtml } from './product-html.ts';

const fresh = vi.hoisted(() => ({ variants: [] as Variant[] }));
vi.mock('../../lib/catalog/product-lean.ts', () => ({
  getProduct: async () => ({ variants: fresh.variants }),
}));
// The refresh runs once the page is idle after its load: here, at once.
vi.mock('../../lib/after-load.ts', () => ({ whenIdleAfterLoad: (task: () => void) => task() }));

const size = (value: string) => [{ name: 'size', value, displayName: 'サイズ', displayValue: value }];

/** The rows of every variant's prices as a reader gets them. */
function rows(): string[] {
  return [...document.querySelectorAll('[data-price-of]')].map(shownText);
}

test("every variant's prices follow the API: a variant sold since the build says so, a new price shows", async () => {
  const built = [
    { ...pricedVariant(10, 1200), options: size('S') },
    { ...pricedVariant(11, 1500, 4, 2000), options: size('M') },
    { ...pricedVariant(12, 1800, 0), options: size('L') },
  ];
  // Since the build: S sold, M's sale over at a new price, L back in stock.
  fresh.variants = [
    { ...pricedVariant(10, 1200, 0), options: size('S') },
    { ...pricedVariant(11, 1700), options: size('M') },
    { ...pricedVariant(12, 1800, 3), options: size('L') },
  ];
  document.body.innerHTML = variantPickerHtml(7, built, 10);
  expect(rows()).toEqual(['S¥1,200（税込）', 'M¥1,500（税込）通常価格¥2,000', 'L在庫なし¥1,800（税込）']);
  await import('./variant-picker.ts');
  await vi.waitFor(
    () => expect(rows()).toEqual(['S在庫なし¥1,200（税込）', 'M¥1,700（税込）', 'L¥1,800（税込）']),
    { timeout: 10_000 },
  );
  // The price line keeps the chosen variant (S), sold out now: the add button says so by being off.
  const line = document.querySelector('[data-price-line]') as Element;
  expect(line.querySelector('[data-amount]')?.textContent).toBe('¥1,200（税込）');
  expect(document.querySelector<HTMLButtonElement>('[data-add]')?.disabled).toBe(true);
});
