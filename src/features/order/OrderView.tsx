/**
 * The order page (/order/{orderAlias}/): status, lines, charges, pickup information, and each shipment with
 * its status. A shipment still waiting for its address puts the address step first, under the title, where
 * a shopper who has just paid cannot miss it; the others link to their address step from their card.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { strings } from '../../i18n/index.ts';
import { order } from '../../i18n/order/part.ts';
import type { Order, Shipment } from '../../lib/catalog/cart.ts';
import { formatDateTime } from '../../lib/format/time.ts';
import { addressHref, aliasFromPath, shopHref } from '../../lib/mode-routes.ts';
import { TRACK } from '../../lib/tracking.ts';
import { LoadErrorView, PageNotFoundView } from '../../ui/ErrorScreen.tsx';
import { SummaryLines } from '../../ui/SummaryLines.tsx';
import { AddressSummary } from '../address/components.ts';
import { isAddressEditable } from '../address/index.ts';
import { OrderSummary } from '../bag/components.ts';
import { anyShipped, clearBag, summaryOfOrderLine } from '../bag/index.ts';
import { $order, loadOrder } from './order-store.ts';

const t = await strings(order);

// Keys, looked up when rendered: chat mode installs the visitor's language after this module loads.
const ORDER_STATUS = {
  paid: 'order.status.paid',
  fulfilled: 'order.status.fulfilled',
  cancelled: 'order.status.cancelled',
} as const satisfies Record<Order['status'], string>;

const SHIPMENT_STATUS = {
  awaiting_address: 'order.shipment.status.awaiting_address',
  address_received: 'order.shipment.status.address_received',
  shipped: 'order.shipment.status.shipped',
  delivered: 'order.shipment.status.delivered',
} as const satisfies Record<Shipment['status'], string>;

export default function OrderView() {
  const view = useStore($order);
  const [alias, setAlias] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const found = aliasFromPath(window.location.pathname, 'order');
    setAlias(found);
    // The bag was emptied when the order was paid: the count cached in this tab is stale.
    clearBag();
    if (found) void loadOrder(found);
  }, []);

  if (alias === null) return <PageNotFoundView path={window.location.pathname} />;
  if (view.kind === 'error') {
    return <LoadErrorView status={view.status} onRetry={() => alias && void loadOrder(alias)} />;
  }
  if (view.kind === 'loading' || alias === undefined) {
    return (
      <p className="py-12 text-center text-sm text-secondary" role="status" aria-busy="true">
        {t('order.loading')}
      </p>
    );
  }
  return <OrderDetails order={view.order} />;
}

function OrderDetails({ order }: { order: Order }) {
  const storeLines = order.lines.filter((line) => line.receive === 'store');
  const awaiting = order.shipments.filter(
    (shipment) => shipment.status === 'awaiting_address' && isAddressEditable(shipment),
  );
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-lg font-bold">{t('order.title')}</h1>
        {order.status === 'paid' && <p className="mt-1 text-sm">{t('order.thanks')}</p>}
        {awaiting.length > 0 && <AddressStep shipments={awaiting} all={order.shipments} />}
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-secondary">{t('order.status')}</dt>
          <dd className="font-bold" data-testid="order-status">
            {t(ORDER_STATUS[order.status])}
          </dd>
          <dt className="text-secondary">{t('order.date')}</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
          <dt className="text-secondary">{t('order.number')}</dt>
          <dd className="break-all font-mono text-xs leading-5">{order.orderAlias}</dd>
        </dl>
      </header>

      <OrderSummary
        id="order-lines"
        title={t('order.lines')}
        lines={order.lines.map(summaryOfOrderLine)}
        charges={order}
        context={{ anyShipped: anyShipped(order.lines), wrapping: order.wrapping, paid: true }}
        testId="order-totals"
      />

      {order.pickup && (
        <section aria-labelledby="order-pickup" className="rounded-lg border border-accent/40 p-4">
          <h2 id="order-pickup" className="text-sm font-bold">
            {t('order.pickup.title')}
          </h2>
          <dl className="mt-2 text-sm">
            <dt className="text-secondary">{t('order.pickup.place')}</dt>
            <dd className="font-bold">{order.pickup.place}</dd>
          </dl>
          <p className="mt-2 text-sm">{order.pickup.note}</p>
          <SummaryLines lines={storeLines.map(summaryOfOrderLine)} compact />
        </section>
      )}

      {order.shipments.length > 0 && (
        <section aria-labelledby="order-shipments" className="flex flex-col gap-3">
          <h2 id="order-shipments" className="text-sm font-bold">
            {t('order.shipments.title')}
          </h2>
          {order.shipments.map((shipment, index) => (
            <ShipmentCard key={shipment.shipmentAlias} shipment={shipment} index={index} />
          ))}
        </section>
      )}

      <a
        href={shopHref()}
        className="flex min-h-12 items-center justify-center rounded border border-primary px-6 font-bold hover:bg-primary hover:text-white"
        data-track={TRACK.productList}
      >
        {t('order.continueShopping')}
      </a>
    </div>
  );
}

/** The address step of each shipment waiting for one: the first thing after the title. */
function AddressStep({
  shipments,
  all,
}: {
  shipments: readonly Shipment[];
  /** Every shipment of the order: when there are several, each link names its own. */
  all: readonly Shipment[];
}) {
  return (
    <section
      aria-labelledby="order-address-step"
      className="mt-3 rounded-lg border-2 border-primary p-4"
      data-testid="address-step"
    >
      <h2 id="order-address-step" className="text-base font-bold">
        {t('order.addressStep.title')}
      </h2>
      <p className="mt-1 text-sm">{t('order.addressStep.body')}</p>
      {shipments.map((shipment) => (
        <a
          key={shipment.shipmentAlias}
          href={addressHref(shipment.shipmentAlias)}
          className="mt-3 flex min-h-12 items-center justify-center rounded bg-primary px-4 text-center font-bold text-white hover:bg-black"
        >
          {t('order.shipment.enterAddress')}
          {all.length > 1 && ` (${t('order.shipment.label', { n: all.indexOf(shipment) + 1 })})`}
        </a>
      ))}
    </section>
  );
}

function ShipmentCard({ shipment, index }: { shipment: Shipment; index: number }) {
  const labelId = `shipment-${shipment.shipmentAlias}`;
  return (
    <article
      aria-labelledby={labelId}
      className="rounded-lg border border-accent/40 p-4"
      data-testid="shipment"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={labelId} className="text-sm font-bold">
          {t('order.shipment.label', { n: index + 1 })}
        </h3>
        <span
          className="rounded-full border border-primary px-2.5 py-0.5 text-xs font-bold"
          data-testid="shipment-status"
        >
          {t(SHIPMENT_STATUS[shipment.status])}
        </span>
      </div>
      <SummaryLines lines={shipment.lines.map(summaryOfOrderLine)} compact />
      {shipment.address && (
        <div className="mt-2">
          <h4 className="text-xs text-secondary">{t('order.shipment.address')}</h4>
          <AddressSummary address={shipment.address} masked={shipment.addressMasked} />
        </div>
      )}
      {shipment.addressChangedAt && (
        // Whoever holds the address link may change the address until it ships: the buyer is told.
        <p className="mt-2 text-sm font-bold text-error" data-testid="address-changed">
          {t('order.shipment.addressChanged', { date: formatDateTime(shipment.addressChangedAt) })}
        </p>
      )}
      {/* One waiting for its address has its link in the address step at the top. */}
      {isAddressEditable(shipment) && shipment.status !== 'awaiting_address' && (
        <a
          href={addressHref(shipment.shipmentAlias)}
          className="mt-3 flex min-h-11 items-center justify-center rounded border border-primary px-4 font-bold hover:bg-neutral-50"
        >
          {t('order.shipment.changeAddress')}
        </a>
      )}
    </article>
  );
}
