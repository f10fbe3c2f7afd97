/** <variant-picker>: options, price, stock and add-to-bag of a product page (VariantPicker.astro). */

import { whenIdleAfterLoad } from '../../lib/after-load.ts';
import { getProduct } from '../../lib/catalog/product-lean.ts';
import type { Variant } from '../../lib/catalog/types.ts';
import { define, readJson } from '../../lib/custom-element.ts';
import { priceDisplay } from '../../lib/format/price.ts';
import { addToBag, keepHeldBag, prefetchBagPage } from '../bag/index.ts';
import { type AddToBagProblem, addToBagProblem } from './add-to-bag-problem.ts';
import { showImage } from './gallery-store.ts';
import {
  type AvailabilityLabels,
  availability,
  availabilityText,
  chooseOption,
  findVariant,
  type OptionSelection,
  productOptions,
} from './variant-options.ts';
import { refreshVariants } from './variant-refresh.ts';

/** The texts the picker says after the first render (VariantPicker.astro passes them as JSON). */
export interface PickerLabels extends AvailabilityLabels {
  adding: string;
  /** Said when a price changed since the page was built. */
  priceChanged: string;
  added: string;
  viewBag: string;
  errors: Record<AddToBagProblem, string>;
}

/** Writes `text` into the element under `root` that `selector` names, when there is one. */
function setText(root: ParentNode, selector: string, text: string): void {
  const element = root.querySelector(selector);
  if (element) element.textContent = text;
}

/**
 * Writes a variant's price into the places product-html.ts wrote one (the price line, a row of every
 * variant's prices): the price, and the regular price shown only when on sale. Returns whether it is.
 */
function showPrice(places: Element, variant: Variant): boolean {
  const price = priceDisplay(variant.price, variant.compareAtPrice);
  setText(places, '[data-amount]', price.price);
  setText(places, '[data-compare-amount]', price.compareAt ?? '');
  places.querySelector('[data-compare]')?.toggleAttribute('hidden', !price.compareAt);
  return Boolean(price.compareAt);
}

class VariantPicker extends HTMLElement {
  #variants: Variant[] = [];
  #labels: PickerLabels | undefined;
  #selection: OptionSelection = {};
  #adding = false;
  /** The API no longer has the product. */
  #gone = false;

  connectedCallback() {
    this.#variants = readJson<Variant[]>(this, 'variants') ?? [];
    this.#labels = readJson<PickerLabels>(this, 'labels') ?? undefined;
    // Whatever was checked before this script ran (a tap on a slow connection) counts.
    for (const radio of this.#radios())
      if (radio.checked) this.#selection[radio.dataset.option ?? ''] = radio.value;
    this.addEventListener('change', (event) => {
      const radio = event.target;
      if (!(radio instanceof HTMLInputElement) || radio.type !== 'radio') return;
      this.#selection = chooseOption(
        this.#variants,
        this.#selection,
        radio.dataset.option ?? '',
        radio.value,
      );
      this.#say('', '');
      this.#render();
      const image = this.#variant()?.image;
      if (image) showImage(image);
    });
    this.querySelector('[data-add]')?.addEventListener('click', () => void this.#add());
    this.#render();
    // The page shows the build's stock and prices: once it has loaded (its pictures first) and is idle, ask
    // the API for them as they are now.
    whenIdleAfterLoad(() => void this.#refresh());
  }

  async #refresh() {
    const labels = this.#labels;
    if (!labels) return;
    try {
      const fresh = await getProduct(Number(this.dataset.productId));
      const { variants, priceChanges } = refreshVariants(this.#variants, fresh.variants);
      this.#variants = variants;
      this.#render();
      setText(this, '[data-notice]', priceChanges.length ? labels.priceChanged : '');
    } catch (error) {
      // A product that left the catalogue cannot be added; any other failure keeps the build's data.
      if ((error as { status?: unknown }).status === 404) {
        this.#gone = true;
        this.#say('', labels.errors.gone);
        this.#render();
      }
    }
  }

  #radios() {
    return this.querySelectorAll<HTMLInputElement>('input[type="radio"]');
  }

  #variant() {
    return findVariant(this.#variants, this.#selection);
  }

  #render() {
    const labels = this.#labels;
    if (!labels) return;
    const variant = this.#variant();
    const disabled = new Set(
      productOptions(this.#variants).flatMap((axis) =>
        axis.values.filter((value) => value.disabled).map((value) => `${axis.name}\u0000${value.value}`),
      ),
    );
    for (const radio of this.#radios()) {
      radio.checked = this.#selection[radio.dataset.option ?? ''] === radio.value;
      radio.disabled = disabled.has(`${radio.dataset.option ?? ''}\u0000${radio.value}`);
      radio.parentElement?.querySelector('[data-sold-out-note]')?.toggleAttribute('hidden', !radio.disabled);
    }
    const line = this.querySelector('[data-price-line]');
    if (variant && line) {
      line.querySelector('[data-sale]')?.toggleAttribute('hidden', !showPrice(line, variant));
    }
    // Every variant's prices, when the page lists them: the API's, and which are sold out now.
    for (const row of this.querySelectorAll<HTMLElement>('[data-price-of]')) {
      const listed = this.#variants.find((each) => String(each.id) === row.dataset.priceOf);
      if (!listed) continue;
      showPrice(row, listed);
      row
        .querySelector('[data-sold-out-note]')
        ?.toggleAttribute('hidden', availability(listed) !== 'soldOut');
    }
    const state = availability(variant);
    const stock = this.querySelector<HTMLElement>('[data-stock]');
    if (stock) {
      stock.textContent = availabilityText(variant, labels);
      stock.classList.toggle('bg-error/20', state === 'soldOut');
      stock.classList.toggle('px-1', state === 'soldOut');
    }
    const button = this.querySelector<HTMLButtonElement>('[data-add]');
    if (button) {
      button.disabled = this.#adding || this.#gone || state === 'soldOut' || state === 'missing';
      button.setAttribute('aria-busy', String(this.#adding));
    }
  }

  /** The polite status line (with the bag link once added) and the alert line for failures. */
  #say(status: string, error: string, withBagLink = false) {
    const line = this.querySelector('[data-status]');
    if (line) {
      line.textContent = status;
      if (withBagLink && this.#labels) {
        const link = document.createElement('a');
        link.href = '/cart/';
        link.className = 'ml-1 font-bold underline underline-offset-4';
        link.textContent = this.#labels.viewBag;
        line.append(link);
      }
    }
    setText(this, '[data-error]', error);
  }

  async #add() {
    const variant = this.#variant();
    const labels = this.#labels;
    if (!variant || !labels || this.#adding || variant.totalStock === 0) return;
    this.#adding = true;
    this.#say(labels.adding, '');
    this.#render();
    try {
      // The bag is likely the next page: asked for ahead, it then draws the bag this add keeps at once.
      prefetchBagPage();
      keepHeldBag(
        await addToBag({ productId: Number(this.dataset.productId), variantId: variant.id, qty: 1 }),
      );
      this.#say(labels.added, '', true);
    } catch (error) {
      this.#say('', labels.errors[addToBagProblem(error)]);
    } finally {
      this.#adding = false;
      this.#render();
    }
  }
}

define('variant-picker', VariantPicker);
