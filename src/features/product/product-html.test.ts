// @vitest-environment happy-dom
/**
 * The product page's parts written as strings: every value from the API is escaped where it lands (text,
 * attribute, JSON in a script), and the parts say what the page's scripts read back. The golden output
 * check (`npm run golden`) holds the pages' bytes.
 */
import { mdiChevronDown } from '@mdi/js';
import { pricedVariant } from '../../../tests/fixtures/catalogue.ts';
import { shownText } from '../../../tests/fixtures/dom.ts';
import type { SafeHtml } from '../../lib/html.ts';
import { productGalleryHtml, readMoreHtml, variantPickerHtml } from './product-html.ts';

const HOSTILE = '"><script>alert(1)</script>&\'';

describe('the product page written as strings', () => {
  it('writes the gallery: the main image eager, every thumbnail lazy, text and URLs escaped', () => {
    const html = productGalleryHtml(
      [
        { id: 1, src: 'https://img.test/a.jpg?x="1"' },
        { id: 2, src: 'https://img.test/b.jpg' },
      ],
      HOSTILE,
    );
    expect(html).toMatch(
      /^<product-gallery><section aria-label="[^"]+" class="flex flex-col gap-2"><div data-main><picture>/,
    );
    expect(html).toContain('alt="&quot;><script>alert(1)</script>&amp;\'"');
    expect(html).not.toContain('x="1"');
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain('data-image-id="2"');
    expect(html.endsWith('</section></product-gallery>')).toBe(true);
    // One image: no thumbnails.
    expect(productGalleryHtml([{ id: 1, src: 'https://img.test/a.jpg' }], 't')).not.toContain('<ul');
  });

  it('writes the options with the first choice checked, sold-out values disabled, and the data the script reads', () => {
    const options = (size: string) => [
      { name: 'size', value: size, displayName: 'サイズ', displayValue: `<${size}>` },
    ];
    const variants = [
      { ...pricedVariant(10, 1200, 0), options: options('s"m') },
      { ...pricedVariant(11, 1500, 4, 2000), title: '</script><b>', options: options('l') },
    ];
    const html = variantPickerHtml(7, variants, 11);
    expect(html.startsWith('<variant-picker data-product-id="7" class="flex flex-col gap-4">')).toBe(true);
    // The data, as JSON that cannot close its script.
    expect(html).toContain('"title":"\\u003c/script>\\u003cb>"');
    expect(html).not.toContain('</script><b>');
    // On sale: the regular price shown, the sale mark not hidden.
    expect(html).toMatch(/<span data-sale class=/);
    expect(html).toMatch(/<s data-compare-amount>¥2,000<\/s>/);
    // The sold-out value: disabled, with its note shown; the chosen one checked.
    expect(html).toContain('value="s&quot;m" data-option="size" disabled class=');
    expect(html).toContain('value="l" data-option="size" checked class=');
    // The sold-out value says so in words (not only struck through); the available one has its note hidden.
    expect(html).toMatch(
      /&lt;s&quot;m&gt;<\/span><span class="ml-1\.5 text-xs" data-sold-out-note>在庫なし<\/span>/,
    );
    expect(html).toMatch(/&lt;l&gt;<\/span><span class="ml-1\.5 text-xs" data-sold-out-note hidden>/);
    expect(html).toContain('&lt;l&gt;');
    expect(html).toContain('data-add class=');
    expect(html.endsWith('</variant-picker>')).toBe(true);
    // Everything sold out: the add button disabled and the stock marked.
    const soldOut = variantPickerHtml(7, [variants[0] as (typeof variants)[0]], 10);
    expect(soldOut).toContain('data-add disabled class=');
    expect(soldOut).toContain('class="rounded bg-error/20 px-1"');
  });

  it("lists every variant's price when another than the first choice is on sale: its sale in the HTML", () => {
    const options = (size: string) => [
      { name: 'size', value: size, displayName: 'サイズ', displayValue: size },
    ];
    const variants = [
      { ...pricedVariant(10, 1200), options: options('S') },
      { ...pricedVariant(11, 1500, 4, 2000), options: options('M&L') },
      { ...pricedVariant(12, 1800, 0), options: options('L') },
    ];
    const html = variantPickerHtml(7, variants, 10);
    const list =
      /<details[^>]*><summary[^>]*><span>すべての価格<\/span>(<svg.*?<\/svg>)<\/summary><ul[^>]*>(.*?)<\/ul><\/details>/.exec(
        html,
      );
    expect(list, 'the list of prices').not.toBeNull();
    // It says it opens: the summary is a flex row (a browser draws no marker for it), so a chevron takes the
    // marker's place and turns over when the list is open.
    expect(list?.[1]).toContain(`d="${mdiChevronDown}"`);
    expect(list?.[1]).toContain('group-open:rotate-180');
    expect(html).toMatch(/<details class="group [^"]*">/);
    document.body.innerHTML = html;
    const items = [...document.querySelectorAll('details li')].map(shownText);
    // Each variant by its option values, escaped; the sale with its regular price, named for screen readers;
    // a sold-out variant says so, as its option does.
    expect(items).toEqual(['S¥1,200（税込）', 'M&L¥1,500（税込）通常価格¥2,000', 'L在庫なし¥1,800（税込）']);
    expect(list?.[2]).toContain('M&amp;L');
    expect(list?.[2]).toContain('<s data-compare-amount>¥2,000</s>');
    // Only the first choice on sale (the price line shows it), or none: no list.
    expect(variantPickerHtml(7, variants, 11)).not.toContain('<details');
    expect(variantPickerHtml(7, [variants[0], variants[2]] as typeof variants, 10)).not.toContain('<details');
  });

  it('folds a long description behind its button', () => {
    const folded = readMoreHtml('description', '<div class="rich-text"><p>本文</p></div>' as SafeHtml);
    expect(folded).toMatch(/^<read-more class="group block"><div id="description" class="relative/);
    expect(folded).toContain('aria-controls="description"');
  });
});
