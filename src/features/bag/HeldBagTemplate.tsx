/**
 * Rendered at build time only, into the bag page (src/pages/cart/index.astro): the bag's own pieces — a line
 * of each kind, the list, the totals, the wrapping price and the phrases with a figure — drawn by the very
 * components the island draws, with marks (held-bag-marks.ts) where a held bag's values go. The plain
 * script of held-bag-script.ts fills them before React has come, so the island's first drawing of the same
 * bag is the same markup and moves nothing.
 */
import { Children, cloneElement, Fragment, isValidElement, type ReactNode, Suspense } from 'react';
import type { Receive } from '../../lib/catalog/types.ts';
import { TotalsList } from '../../ui/TotalsList.tsx';
import { BagLine } from './BagLine.tsx';
import { BagLines, WrappingPrice } from './BagView.tsx';
import type { LineView } from './bag-lines.ts';
import { t } from './bag-strings.ts';
import { HELD_BAG_TEMPLATE, LINE_KINDS, mark } from './held-bag-marks.ts';

/** A line whose every value is a mark; a value the markup needs as a number is one all the same. */
function markedLine(receive: Receive, inStore: boolean, gift: boolean): LineView {
  const number = (name: string) => mark(name) as unknown as number;
  return {
    key: mark('key'),
    productId: number('productId'),
    variantId: number('variantId'),
    title: mark('title'),
    variantLabel: mark('variantLabel'),
    // Any picture: held-bag.ts writes the line's own picture's addresses.
    imageSrc: 'https://held.invalid/picture.jpg',
    qty: number('qty'),
    unitPrice: mark('unitPrice'),
    lineTotal: mark('lineTotal'),
    receive,
    // Never at the most: a line at its most is not drawn before the island (held-bag.ts).
    maxQty: Number.POSITIVE_INFINITY,
    storeStock: inStore ? 1 : 0,
    warning: undefined,
    // A line picked up offers the のし part when its product takes のし; a shipped one always does.
    noshi: gift,
    gift: undefined,
  };
}

const ignore = () => {};

/**
 * `node` as React first draws it in a browser: each Suspense boundary its fallback (the part it waits for
 * comes later). A line's のし part is lazy (BagLine.tsx); the template must not wait for it, as a server
 * rendering would.
 */
function beforeLazyParts(node: ReactNode): ReactNode {
  if (!isValidElement<{ children?: ReactNode; fallback?: ReactNode }>(node)) return node;
  if (node.type === Suspense) return node.props.fallback;
  const { children } = node.props;
  return children === undefined
    ? node
    : cloneElement(node, undefined, ...(Children.map(children, beforeLazyParts) ?? []));
}

/** The store's 表書き as the template's lines offer them: any, the line shows the part's place only. */
const SOME_TITLES: readonly string[] = [];

export function HeldBagTemplate() {
  return (
    <template
      id={HELD_BAG_TEMPLATE}
      data-count={t('bag.count', { count: mark('count') })}
      data-ship-free={t('bag.receive.shipFree')}
      data-ship-charge={t('bag.receive.shipCharge', { price: mark('price') })}
      data-wrapping-fee={t('bag.wrapping.fee', { price: mark('price') })}
      data-shipping-free={t('bag.totals.shippingFree')}
    >
      <BagLines>
        {LINE_KINDS.map(({ receive, inStore, gift }) => (
          // While the bag is read again, as the island draws it: every control waits. Drawn by calling the
          // component, so that its のし part is the place the island keeps for it (beforeLazyParts).
          <Fragment key={`${receive}-${inStore}-${gift}`}>
            {beforeLazyParts(
              BagLine({
                line: markedLine(receive, inStore, gift),
                href: mark('href'),
                qtyBusy: true,
                receiveBusy: true,
                shipPrice: mark('shipPrice'),
                onQty: ignore,
                onReceive: ignore,
                onRemove: ignore,
                titles: gift ? SOME_TITLES : undefined,
              }),
            )}
          </Fragment>
        ))}
      </BagLines>
      <TotalsList
        rows={[
          { key: 'subtotal', label: t('bag.totals.subtotal'), value: mark('subtotal'), emphasis: false },
          { key: 'shipping', label: t('bag.totals.shipping'), value: mark('shipping'), emphasis: false },
          { key: 'wrapping', label: t('bag.totals.wrapping'), value: mark('wrapping'), emphasis: false },
          { key: 'grandTotal', label: t('bag.totals.grandTotal'), value: mark('grandTotal'), emphasis: true },
        ]}
        busy
        testId="bag-totals"
      />
      <WrappingPrice price={mark('price')} />
    </template>
  );
}
