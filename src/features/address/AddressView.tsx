/**
 * The address step (/address/{alias}/). The alias is a shipment's, or an order's (the parameter is read
 * both ways): then the order's shipment awaiting an address, a chooser when several do, or a
 * message when none does.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { addressHref, aliasFromPath, orderHref } from '../../lib/mode-routes.ts';
import { LoadErrorView, PageNotFoundView } from '../../ui/ErrorScreen.tsx';
import { SummaryLines } from '../../ui/SummaryLines.tsx';
import { summaryOfOrderLine } from '../bag/index.ts';
import { AddressForm } from './AddressForm.tsx';
import { AddressSummary } from './AddressSummary.tsx';
import { $addressStep, resolveAddressStep } from './address-store.ts';
import { t } from './address-strings.ts';

const linkButton =
  'inline-flex min-h-11 items-center justify-center rounded border border-primary px-4 font-bold hover:bg-neutral-50';

export default function AddressView() {
  const step = useStore($addressStep);
  const [alias, setAlias] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const found = aliasFromPath(window.location.pathname, 'address');
    setAlias(found);
    if (found) void resolveAddressStep(found);
  }, []);

  if (alias === null) return <PageNotFoundView path={window.location.pathname} />;

  switch (step.kind) {
    case 'error':
      return <LoadErrorView status={step.status} onRetry={() => alias && void resolveAddressStep(alias)} />;
    case 'form':
      return (
        <div className="flex flex-col gap-5">
          <header>
            <h1 className="text-lg font-bold">{t('address.title')}</h1>
            <p className="mt-1 text-sm">{t('address.lead')}</p>
            {step.shipment.addressMasked && <p className="mt-2 text-sm">{t('address.masked.edit')}</p>}
          </header>
          <section aria-labelledby="address-lines" className="rounded-lg border border-accent/40 px-4 pt-3">
            <h2 id="address-lines" className="text-sm font-bold">
              {t('address.lines')}
            </h2>
            <SummaryLines lines={step.shipment.lines.map(summaryOfOrderLine)} compact />
          </section>
          <AddressForm />
          <a
            href={orderHref(step.shipment.orderAlias)}
            className="self-center py-3 text-sm underline underline-offset-4"
          >
            {t('address.backToOrder')}
          </a>
        </div>
      );
    case 'choose':
      return (
        <section aria-labelledby="address-choose" className="flex flex-col gap-4">
          <h1 id="address-choose" className="text-lg font-bold">
            {t('address.choose.title')}
          </h1>
          <ul className="flex flex-col gap-3">
            {step.shipments.map((shipment, index) => (
              <li key={shipment.shipmentAlias} className="rounded-lg border border-accent/40 p-4">
                <a href={addressHref(shipment.shipmentAlias)} className={`${linkButton} w-full`}>
                  {t('address.choose.item', {
                    n: index + 1,
                    count: shipment.lines.reduce((sum, line) => sum + line.qty, 0),
                  })}
                </a>
                <SummaryLines lines={shipment.lines.map(summaryOfOrderLine)} compact />
              </li>
            ))}
          </ul>
          <a
            href={orderHref(step.order.orderAlias)}
            className="self-center py-3 text-sm underline underline-offset-4"
          >
            {t('address.backToOrder')}
          </a>
        </section>
      );
    case 'none':
      return (
        <section className="flex flex-col items-center gap-4 py-12 text-center">
          <h1 className="text-lg font-bold">{t('address.title')}</h1>
          <p className="text-sm" role="status">
            {t('address.none')}
          </p>
          <a href={orderHref(step.order.orderAlias)} className={linkButton}>
            {t('address.backToOrder')}
          </a>
        </section>
      );
    case 'closed':
      return (
        <section className="flex flex-col items-center gap-4 py-12 text-center">
          <h1 className="text-lg font-bold">{t('address.title')}</h1>
          <p className="text-sm" role="status">
            {t('address.closed')}
          </p>
          {step.shipment.address && (
            <AddressSummary address={step.shipment.address} masked={step.shipment.addressMasked} />
          )}
          <a href={orderHref(step.shipment.orderAlias)} className={linkButton}>
            {t('address.backToOrder')}
          </a>
        </section>
      );
    default:
      return (
        <p className="py-12 text-center text-sm text-secondary" role="status" aria-busy="true">
          {t('address.loading')}
        </p>
      );
  }
}
