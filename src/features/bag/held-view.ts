/**
 * The bag as the bag page draws it before React has come (held-bag.ts), made where a product is added
 * (the product page) from the bag the API answered the add with, and kept beside that bag in the tab
 * (stored-bag.ts). Every value the bag page's template marks is here as text, made by the functions the
 * bag island draws with (bag-lines.ts, the image and price helpers), so the island's first drawing of the
 * same bag is the same markup; the bag page's script then only fills its template, and stays small.
 *
 * Only a view the template can draw as the island would: none for a bag with a warning, a line at its most,
 * a line picked up where the store has none, a line with a のし or card chosen, or a line with no picture or
 * no page. A line that offers のし is drawn with the place of that part, as the island draws it until the
 * part's code has come. A bag the bag page
 * changes is kept without a view (bag-store.ts writes the API's answers as they are): it is drawn by the
 * island.
 */
import type { Cart } from '../../lib/catalog/types.ts';
import { formatPrice } from '../../lib/format/price.ts';
import { imageUrl, SOURCE_FORMATS, THUMBNAIL_SIZE } from '../../lib/images.ts';
import { productHref } from '../../lib/routes.ts';
import { writeStored } from '../../lib/storage.ts';
import { BAG_KEY } from './bag-key.ts';
import { anyShipped, lineView, offersGift } from './bag-lines.ts';
import { FREE, LINE_KINDS } from './held-bag-marks.ts';

export interface HeldView {
  /** The code version (`<html data-code-version>`) of the page that made it: its template's marks. */
  code: string;
  /** `bag.count`'s figure. */
  count: string;
  /** Each line: the template's line of that kind (LINE_KINDS) and the values of its marks. */
  lines: { kind: number; values: Record<string, string> }[];
  /** The figures of the totals' rows, '' for a row the bag has not ({@link FREE} for free shipping). */
  totals: Record<'subtotal' | 'shipping' | 'wrapping' | 'grandTotal', string>;
  /** Gift wrapping chosen. */
  wrapped: boolean;
  /** The wrapping fee beside its choice; '' without the API's rates. */
  wrappingFee: string;
}

/** The view of `bag` (its page's code version `code`), or undefined when the template cannot draw it. */
export function heldView(bag: Cart, code: string): HeldView | undefined {
  const { rates } = bag;
  const shipped = anyShipped(bag.products);
  const shipPrice =
    !rates || shipped
      ? ''
      : bag.subtotal >= rates.freeShippingFrom || rates.shippingCharge === 0
        ? FREE
        : formatPrice(rates.shippingCharge);
  const lines: HeldView['lines'] = [];
  for (const product of bag.products) {
    const view = lineView(product);
    const area = product.areas[0];
    const gift = offersGift(view, bag.noshiTitles);
    const kind = LINE_KINDS.findIndex(
      (k) => k.receive === view.receive && k.inStore === view.storeStock > 0 && k.gift === gift,
    );
    // A のし or card chosen is drawn by the part, whose code comes after React.
    if (!view.imageSrc || view.qty >= view.maxQty || kind < 0 || area === undefined || view.gift) {
      return undefined;
    }
    const [avif, webp] = SOURCE_FORMATS.map(({ format }) =>
      imageUrl(view.imageSrc as string, THUMBNAIL_SIZE, format),
    );
    lines.push({
      kind,
      values: {
        key: view.key,
        productId: String(view.productId),
        variantId: String(view.variantId),
        title: view.title,
        variantLabel: view.variantLabel,
        qty: String(view.qty),
        unitPrice: view.unitPrice,
        lineTotal: view.lineTotal,
        shipPrice,
        href: productHref(area, product.id),
        avif: avif ?? '',
        webp: webp ?? '',
        jpeg: imageUrl(view.imageSrc, THUMBNAIL_SIZE),
      },
    });
  }
  if (bag.warning.length > 0) return undefined;
  return {
    code,
    count: String(bag.count),
    lines,
    totals: {
      subtotal: formatPrice(bag.subtotal),
      shipping:
        shipped || bag.shippingCharge > 0
          ? bag.shippingCharge === 0
            ? FREE
            : formatPrice(bag.shippingCharge)
          : '',
      wrapping: bag.wrapping || bag.wrappingFee > 0 ? formatPrice(bag.wrappingFee) : '',
      grandTotal: formatPrice(bag.grandTotal),
    },
    wrapped: bag.wrapping,
    wrappingFee: rates ? formatPrice(rates.wrappingFee) : '',
  };
}

/**
 * Keeps `bag` (just added to, as the API answered) in the tab with its view, for the bag page to draw at
 * once. Called where the page's code version is the bag page's: the product page.
 */
export function keepHeldBag(bag: Cart): void {
  writeStored('session', BAG_KEY, {
    ...bag,
    held: heldView(bag, document.documentElement.dataset.codeVersion ?? ''),
  });
}
