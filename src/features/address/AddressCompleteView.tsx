/** /address/{alias}/complete/: the address that was taken, with the way back to the order. */

import { mdiCheckCircleOutline } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { address } from '../../i18n/address/part.ts';
import { strings } from '../../i18n/index.ts';
import { order } from '../../i18n/order/part.ts';
import { addressHref, aliasFromPath, orderHref } from '../../lib/mode-routes.ts';
import { LoadErrorView, PageNotFoundView } from '../../ui/ErrorScreen.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { AddressSummary } from './AddressSummary.tsx';
import { $addressCompletion, loadCompletion } from './address-store.ts';

// The address part, and the order's words for the shipment's address and the way back.
const t = await strings(address, order);

export default function AddressCompleteView() {
  const view = useStore($addressCompletion);
  const [alias, setAlias] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const found = aliasFromPath(window.location.pathname, 'address');
    setAlias(found);
    if (found) void loadCompletion(found);
  }, []);

  if (alias === null) return <PageNotFoundView path={window.location.pathname} />;
  if (view.kind === 'error') {
    return <LoadErrorView status={view.status} onRetry={() => alias && void loadCompletion(alias)} />;
  }
  if (view.kind === 'loading') {
    return (
      <p className="py-12 text-center text-sm text-secondary" role="status" aria-busy="true">
        {t('address.loading')}
      </p>
    );
  }
  const withAddress = view.shipments.filter((shipment) => shipment.address !== null);
  return (
    <section className="flex flex-col items-center gap-4 py-8 text-center" aria-labelledby="address-complete">
      <Icon path={mdiCheckCircleOutline} size={48} className="text-primary" />
      <h1 id="address-complete" className="text-lg font-bold">
        {withAddress.length > 0 ? t('address.complete.title') : t('address.title')}
      </h1>
      {withAddress.length > 0 ? (
        <>
          <p className="text-sm">{t('address.complete.body')}</p>
          {withAddress.map((shipment) =>
            shipment.address ? (
              <div
                key={shipment.shipmentAlias}
                className="w-full rounded-lg border border-accent/40 p-4 text-left"
              >
                <h2 className="text-xs text-secondary">{t('order.shipment.address')}</h2>
                <AddressSummary address={shipment.address} masked={shipment.addressMasked} />
              </div>
            ) : null,
          )}
        </>
      ) : (
        <>
          <p className="text-sm">{t('address.complete.pending')}</p>
          {view.shipments[0] && (
            <a
              href={addressHref(view.shipments[0].shipmentAlias)}
              className="inline-flex min-h-11 items-center rounded bg-primary px-6 font-bold text-white hover:bg-black"
            >
              {t('order.shipment.enterAddress')}
            </a>
          )}
        </>
      )}
      <a
        href={orderHref(view.orderAlias)}
        className="inline-flex min-h-11 items-center rounded border border-primary px-6 font-bold hover:bg-neutral-50"
      >
        {t('address.backToOrder')}
      </a>
    </section>
  );
}
