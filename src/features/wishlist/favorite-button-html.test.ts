/** The heart on a product page, written as a string: what the favorites keep, as JSON its data cannot close. */
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { productSummary } from '../product/index.ts';
import { favoriteButtonHtml } from './favorite-button-html.ts';

it('gives the favorites what they keep, escaped as JSON, with both hearts', () => {
  const product = { ...sampleProduct(3, [1]), title: '"><script>alert(1)</script>' };
  const heart = favoriteButtonHtml(productSummary(product, 1));
  expect(
    heart.startsWith('<favorite-button class="shrink-0"><script type="application/json" data-product>{'),
  ).toBe(true);
  expect(heart).toContain('\\u003cscript>alert(1)\\u003c/script>');
  expect(heart).not.toContain('<script>alert(1)');
  expect(heart).toContain('aria-pressed="false"');
  expect(heart.match(/<svg /g)).toHaveLength(2);
  expect(heart.endsWith('</favorite-button>')).toBe(true);
});
