// @vitest-environment happy-dom
/**
 * An area page's list, from the catalog API's answer to the browser: the build checks the answer
 * (checkList), renders the islands' HTML (the list and the brand filter inside it), which is written to the page as UTF-8, and hands the island the
 * same list as its props, through JSON (Astro's island props). The browser hydrates the HTML with those
 * props: for any text the API sends, the two must be the same, or React throws the server HTML away
 * (error 418).
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import AreaBrandFilter from '../../features/catalogue/AreaBrandFilter.tsx';
import { brandFilterIcons } from '../../features/catalogue/brand-filter-icons.ts';
import { brandFilterLabels, productListLabels } from '../../features/catalogue/catalogue-labels.ts';
import { areaPayload } from '../../features/catalogue/catalogue-payloads.ts';
import ProductList from '../../features/catalogue/ProductList.tsx';
import { listedProduct } from '../../features/product/index.ts';
import { productSchema } from '../../lib/catalog/schemas.ts';
import { checkList } from './catalogue-check.ts';

// React's act() is how the test waits for hydration to finish.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Titles and brand names a catalogue may hold: sequences, controls, marks, separators, broken pairs. */
const TEXTS = [
  // An emoji cut in half, and a pair the wrong way round: a JSON answer can carry them (`"\ud83c"`).
  'broken \uD83C end',
  'family cut 👨‍👩‍\uD83D',
  'reversed \uDC00\uD83C',
  '👨‍👩‍👧‍👦 家族のギフト 🏳️‍🌈',
  '🇯🇵🇯🇵 国旗のセット',
  'a\u202Eevil\u202C b\u200F',
  '\u2066isolate\u2069\u061C',
  'e\u0301\u0302\u0303 か\u3099',
  'line\u2028separator\u2029paragraph',
  'cr\r\nlf\ralone',
  'zero\u200Bwidth\uFEFFbom\u00AD',
];

/** The API's answer as the build receives it: JSON text, parsed. */
function answer(): unknown {
  const products = TEXTS.map((title, index) => ({
    ...sampleProduct(index + 1, [1], (index % 3) + 1),
    title,
    tenant: {
      id: (index % 3) + 1,
      name: TEXTS[(index + 5) % TEXTS.length],
      logoSrc: 'https://img.test/logo.png',
      description: '',
      officialSiteUrl: null,
    },
  }));
  return JSON.parse(JSON.stringify(products));
}

/** What the browser gets of a text written into a page file (UTF-8, as every page is written). */
const throughFile = (html: string) => new TextDecoder().decode(new TextEncoder().encode(html));

type AreaProps = Parameters<typeof ProductList>[0] & { filter: Parameters<typeof AreaBrandFilter>[0] };

/** The area page's two islands as one tree: the brand filter inside the list, as the page nests them. */
function AreaIslands({ filter, ...list }: AreaProps) {
  return (
    <ProductList {...list}>
      <AreaBrandFilter {...filter} />
    </ProductList>
  );
}

test('an area page’s list hydrates without a difference, whatever Unicode its titles and brands hold', async () => {
  const products = checkList(answer(), productSchema, {
    endpoint: 'GET /catalog/products',
    field: 'products',
  });
  const payload = areaPayload(
    { id: 1, place: 'a', imageSrc: 'https://img.test/a.jpg', description: '' },
    products.map(listedProduct),
  );
  const props = {
    listKey: 'area:1',
    areaId: 1,
    first: { products: payload.products, count: payload.count },
    labels: productListLabels(),
    filter: { brands: payload.tenants, labels: brandFilterLabels(), icons: brandFilterIcons() },
  };
  expect(props.first.count).toBe(TEXTS.length);
  expect(props.filter.brands.length).toBeGreaterThan(1);

  const container = document.createElement('div');
  container.innerHTML = throughFile(renderToString(<AreaIslands {...props} />));
  document.body.append(container);
  const problems: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
    problems.push(args.map(String).join(' ').slice(0, 300));
  });
  try {
    await act(async () => {
      hydrateRoot(container, <AreaIslands {...(JSON.parse(JSON.stringify(props)) as typeof props)} />, {
        onRecoverableError: (error) => problems.push(`recoverable: ${String(error).slice(0, 300)}`),
      });
    });
  } finally {
    consoleError.mockRestore();
    container.remove();
  }
  expect(problems).toEqual([]);
});
