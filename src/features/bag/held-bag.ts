/**
 * Draws the bag the tab holds into the bag page's own markup before React has come, from the view the
 * product page made of it (held-view.ts) and the template of the island's own components
 * (HeldBagTemplate.tsx): the island's drawing of the same bag while it reads it again, so its take-over
 * moves nothing. What it shows is true until the API answers: the lines and the figures the server last
 * gave, marked as being updated, every control off (the pay button too). Plain and small: the bag page's
 * first script (held-bag-script.ts).
 */
import { escapeHtml } from '../../lib/markup.ts';
import { FREE, MARKS } from './held-bag-marks.ts';
import type { HeldView } from './held-view.ts';

/**
 * `piece` with its marks replaced by `values`, escaped, as inert markup (its pictures load only once it is
 * placed). An element holding nothing but a mark whose value is empty is left out, as the island leaves it
 * out.
 */
function filled(piece: Element | null | undefined, values: Record<string, string>): DocumentFragment {
  const holder = document.createElement('template');
  holder.innerHTML = (piece?.outerHTML ?? '')
    .replace(/<(\w+)[^<]*>⟦(\w+)⟧<\/\1>/g, (element, _, name: string) => (values[name] ? element : ''))
    .replace(MARKS, (_, name: string) => escapeHtml(values[name] ?? ''));
  return holder.content;
}

/**
 * Draws `view` into `island` (the bag island's markup before React) from `template`. Throws, having
 * changed nothing, on a view of another shape than the template's.
 */
export function drawHeldBag(island: Element, template: HTMLTemplateElement, view: HeldView): void {
  const pieces = template.content;
  const { dataset } = template;
  /** A phrase of the template's (`data-…`) with its figure, or its phrase `free` for FREE. */
  const phrase = (name: string, value: string, free: string) =>
    value === FREE ? (dataset[free] ?? '') : (dataset[name] ?? '').replace(MARKS, value);
  const list = pieces.querySelector('ul')?.cloneNode() as Element;
  for (const { kind, values } of view.lines) {
    // A page of this site's: a line's link leads nowhere else.
    if (!/^\/[\w/-]*$/.test(values.href ?? '')) throw values.href;
    const line = filled(pieces.querySelectorAll('li')[kind], {
      ...values,
      shipPrice: values.shipPrice ? phrase('shipCharge', values.shipPrice, 'shipFree') : '',
    });
    const [avif, webp] = line.querySelectorAll('source');
    avif?.setAttribute('srcset', values.avif ?? '');
    webp?.setAttribute('srcset', values.webp ?? '');
    line.querySelector('img')?.setAttribute('src', values.jpeg ?? '');
    list.append(line);
  }
  const totals = filled(pieces.querySelector('dl')?.parentElement, {
    ...view.totals,
    shipping: view.totals.shipping === FREE ? (dataset.shippingFree ?? '') : view.totals.shipping,
  });
  for (const [row, value] of Object.entries(view.totals)) {
    if (!value) totals.querySelector(`[data-total="${row}"]`)?.remove();
  }
  const count = phrase('count', view.count, '');
  const fee =
    view.wrappingFee &&
    filled(pieces.querySelector('[data-testid="wrapping-price"]'), {
      price: phrase('wrappingFee', view.wrappingFee, ''),
    });
  // Every piece made: now the page's places take them.
  const heading = island.querySelector('#bag-lines-title') as Element;
  const wrapping = island.querySelector('input') as HTMLInputElement;
  heading.nextElementSibling?.replaceWith(list);
  heading.textContent = count;
  island.querySelector('#bag-totals-title')?.nextElementSibling?.replaceWith(totals);
  wrapping.toggleAttribute('checked', view.wrapped);
  wrapping.checked = view.wrapped;
  if (fee) wrapping.parentElement?.append(fee);
}
