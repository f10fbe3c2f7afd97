// @vitest-environment happy-dom
/**
 * The bag the tab holds, drawn before React has come (held-bag.ts) into the bag page's markup before React
 * (the island's own drawing of an unread bag) from the template of the island's components
 * (HeldBagTemplate.tsx): it must be the island's first drawing of the same bag, so that the island's
 * take-over moves nothing.
 */
import { cleanup, render, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { bag, cartLine, variant } from '../../../tests/fixtures/catalogue.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import type { HeldView } from './held-view.ts';

vi.mock('../../lib/catalog/cart-bag.ts', () => ({ checkCart: () => new Promise(() => {}) }));

const { default: BagView } = await import('./BagView.tsx');
const { HeldBagTemplate } = await import('./HeldBagTemplate.tsx');
const { drawHeldBag } = await import('./held-bag.ts');
const { heldView, keepHeldBag } = await import('./held-view.ts');
const stored = await import('./stored-bag.ts');
const { $bagLoad } = await import('./bag-load.ts');
const { $bag } = await import('./bag-store.ts');

const rates = { shippingCharge: 880, freeShippingFrom: 11000, wrappingFee: 330 };
/** The pages' code version: the product page's that made the view is the bag page's. */
const CODE = 'c0de';

/** The bag page before React: the island's drawing of an unread bag, and the template beside it. */
function pageBeforeReact(): { island: Element; template: HTMLTemplateElement } {
  $bag.set(undefined);
  const page = document.createElement('div');
  page.innerHTML = `<astro-island>${renderToStaticMarkup(<BagView />)}</astro-island>${renderToStaticMarkup(<HeldBagTemplate />)}`;
  document.body.append(page);
  return {
    island: page.querySelector('astro-island') as Element,
    template: page.querySelector('template') as HTMLTemplateElement,
  };
}

/** The island's first drawing of `held` while it reads the bag again. */
function islandDrawing(held: Cart): Element {
  $bag.set(held);
  $bagLoad.set('loading');
  return render(<BagView />).container;
}

/** An element tree as a layout sees it: tags, attributes (in any order), styles, checked, text. */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const attributes = [...node.attributes]
    .filter((attribute) => attribute.name !== 'style')
    .map((attribute) => `${attribute.name}=${attribute.value}`)
    .sort();
  if (node instanceof HTMLElement && node.hasAttribute('style'))
    attributes.push(`style=${node.style.cssText}`);
  if (node instanceof HTMLInputElement) attributes.push(`checked:${node.checked}`);
  return [
    node.tagName.toLowerCase(),
    attributes,
    [...node.childNodes].map(shape).filter((child) => child !== null),
  ];
}

const shapeOf = (root: Element) => {
  root.normalize();
  return [...root.childNodes].map(shape).filter((child) => child !== null);
};

beforeEach(() => {
  $bagLoad.set('idle');
  $bag.set(undefined);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the bag the tab holds, before React', () => {
  const held = [
    [
      'a shipped line with its options and a line picked up in store, wrapped, shipping charged',
      bag({
        products: [
          cartLine({ qty: 2, totalPrice: 6480 }),
          cartLine({ id: 2, title: '今治タオル <セット> & "箱"', selectVariantId: 21, receive: 'store' }),
        ],
        wrapping: true,
        wrappingFee: 330,
        shippingCharge: 880,
        subtotal: 9720,
        grandTotal: 10930,
        rates,
      }),
    ],
    [
      'a line the store does not hold, shipped free, its variant with no options, no rates',
      bag({
        products: [
          cartLine({
            variants: [variant({ options: [], title: 'Default Title', stockInShop: 0 })],
            stockInShop: 0,
          }),
        ],
      }),
    ],
    [
      'one line picked up in store, shipping offered at its charge',
      bag({ products: [cartLine({ receive: 'store' })], rates }),
    ],
    [
      'in a store that offers のし: a のし line picked up, a shipped line, a picked-up line without のし',
      bag({
        noshiTitles: ['御歳暮', '御中元', '無地'],
        products: [
          cartLine({ receive: 'store', noshi: true }),
          cartLine({ id: 2, title: '今治タオル', selectVariantId: 21 }),
          cartLine({ id: 3, title: '匂い袋', selectVariantId: 31, receive: 'store', noshi: false }),
        ],
        rates,
      }),
    ],
  ] as const;

  it.each(held)('is drawn as the island first draws it: %s', (_, value) => {
    const { island, template } = pageBeforeReact();
    drawHeldBag(island, template, heldView(value, CODE) as HeldView);
    expect(island.querySelectorAll('[data-testid="bag-line"]')).toHaveLength(value.products.length);
    expect(shapeOf(island)).toEqual(shapeOf(islandDrawing(value)));
  });

  it('keeps the place of a line’s のし part, as tall as the part’s button, until its code has come', async () => {
    const value = held[3][1];
    const { island, template } = pageBeforeReact();
    drawHeldBag(island, template, heldView(value, CODE) as HeldView);
    const drawn = islandDrawing(value);
    // The island once the part's code has come: the のし line and the shipped line have it.
    expect(await within(drawn as HTMLElement).findAllByTestId('line-gift')).toHaveLength(2);
    const heldLines = [...island.querySelectorAll('[data-testid="bag-line"]')];
    const places = [...drawn.querySelectorAll('[data-testid="bag-line"]')].map((line, i) => {
      const part = line.querySelector('[data-testid="line-gift"]');
      if (!part) return null;
      // Nothing chosen yet: the part is its button alone, at least 44 px (min-h-11), as its place is.
      expect(
        [...part.children].map((child) => [child.tagName, child.classList.contains('min-h-11')]),
      ).toEqual([['BUTTON', true]]);
      const at = [...(part.parentElement?.children ?? [])].indexOf(part);
      return heldLines[i]?.querySelector(':scope > div:last-child')?.children[at]?.outerHTML;
    });
    expect(places).toEqual(['<p class="min-h-11"></p>', '<p class="min-h-11"></p>', null]);
  });

  it('says the lines are being updated and keeps the pay button off until the API has answered', () => {
    const { island, template } = pageBeforeReact();
    drawHeldBag(island, template, heldView(held[0][1], CODE) as HeldView);
    expect(island.querySelector('#bag-lines-title')?.parentElement?.getAttribute('aria-busy')).toBe('true');
    expect(island.querySelector('[data-testid="bag-totals"]')?.parentElement?.getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(island.querySelector<HTMLButtonElement>('button[aria-describedby="pay-note"]')?.disabled).toBe(
      true,
    );
    for (const control of island.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')) {
      expect(control.disabled, control.outerHTML).toBe(true);
    }
  });

  it('writes a title from the stored bag as text, never as markup', () => {
    const { island, template } = pageBeforeReact();
    drawHeldBag(
      island,
      template,
      heldView(bag({ products: [cartLine({ title: '<img src=x onerror=alert(1)>' })] }), CODE) as HeldView,
    );
    expect(island.querySelector('h3 a')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(island.querySelectorAll('img')).toHaveLength(1);
  });

  it.each([
    [
      'a warning',
      bag({
        warning: [{ productId: 1, variantId: 11, title: 'x', reason: 'OUT_OF_STOCK', availableQty: 0 }],
      }),
    ],
    ['a line at its most', bag({ products: [cartLine({ qty: 8, totalPrice: 25920 })] })],
    [
      'a line picked up where the store has none',
      bag({ products: [cartLine({ receive: 'store', variants: [variant({ stockInShop: 0 })] })] }),
    ],
    [
      'a line with a のし chosen',
      bag({
        noshiTitles: ['御歳暮'],
        products: [
          cartLine({
            noshi: true,
            gift: { noshi: { title: '御歳暮', name: '山田', placement: 'outside' }, message: null },
          }),
        ],
      }),
    ],
    ['a line with no picture', bag({ products: [cartLine({ images: [] })] })],
    ['a line with no page', bag({ products: [cartLine({ areas: [] })] })],
  ] as const)('is not made for a bag with %s: the island draws it', (_, value) => {
    expect(heldView(value, CODE)).toBeUndefined();
  });

  it('is kept with the bag an add answered, and read back only by a page of the same code', () => {
    document.documentElement.dataset.codeVersion = CODE;
    keepHeldBag(held[0][1]);
    expect(stored.heldBag()?.products).toHaveLength(2);
    expect(stored.heldView(CODE)).toEqual(heldView(held[0][1], CODE));
    // A bag page of another deploy: its template may have other marks.
    expect(stored.heldView('0ther')).toBeUndefined();
    sessionStorage.setItem('bag:v1', JSON.stringify(held[0][1]));
    expect(stored.heldView(CODE)).toBeUndefined();
    delete document.documentElement.dataset.codeVersion;
    sessionStorage.clear();
  });

  it('changes nothing on a view whose line leads off the site', () => {
    const { island, template } = pageBeforeReact();
    const before = island.innerHTML;
    const view = heldView(held[2][1], CODE) as HeldView;
    const [line] = view.lines;
    if (line) line.values.href = 'javascript:alert(1)';
    expect(() => drawHeldBag(island, template, view)).toThrow();
    expect(island.innerHTML).toBe(before);
  });
});
