/**
 * The shopping bag (/cart/): its lines, gift wrapping, the charges and the payment action. Reads the bag on
 * load (POST /catalog/cart, with its warnings); every change goes through the bag store. The layout — the
 * summary box with wrapping and the payment action — is rendered at build time and stays the same element
 * tree when the bag arrives, so nothing moves and the first paint already shows the page's shape.
 */

import { mdiAlertCircleOutline, mdiShoppingOutline } from '@mdi/js';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { Cart } from '../../lib/catalog/types.ts';
import { $mode, type Mode } from '../../lib/mode.ts';
import { homeHref, qrHref, termsHref } from '../../lib/mode-routes.ts';
import { chatProductHref, productHref } from '../../lib/routes.ts';
import { Icon } from '../../ui/Icon.tsx';
import { TotalsList } from '../../ui/TotalsList.tsx';
import { useStoreValue } from '../../ui/use-store.ts';
import { NotificationBar } from '../site/components.ts';
import { notify } from '../site/index.ts';
import { BagLine } from './BagLine.tsx';
import { $bagBusy, $bagPending, changeQty, changeReceive, changeWrapping } from './bag-actions.ts';
import { type LineView, lineView } from './bag-lines.ts';
import { $bagLoad, loadBag } from './bag-load.ts';
import type { issueQr } from './bag-qr.ts';
import { $bag } from './bag-store.ts';
import { t } from './bag-strings.ts';
import { bagTotalRows, choicePrices } from './bag-totals.ts';

/**
 * The final confirmation with the terms, loaded when the shopper presses pay: showing the bag does not
 * need it.
 */
const PaymentDialog = lazy(() =>
  import('./PaymentDialog.tsx').then(({ PaymentDialog }) => ({ default: PaymentDialog })),
);

/** The question before a line leaves the bag, loaded when the shopper asks to remove one. */
const RemoveDialog = lazy(() =>
  import('./RemoveDialog.tsx').then(({ RemoveDialog }) => ({ default: RemoveDialog })),
);

/** Where the bag's links lead: the web catalogue's pages, or chat mode's (src/lib/mode.ts). */
interface BagLinks {
  shop: string;
  terms: string;
  product: (product: Cart['products'][number]) => string | undefined;
  qr: (draftOrderAlias: string) => string;
}

/** The links in a mode: chat mode's QR page is told the visitor's language (`?lang=`). */
function bagLinks(mode: Mode): BagLinks {
  const language = mode.kind === 'chat' ? mode.language : undefined;
  return {
    shop: homeHref(),
    terms: termsHref(),
    product: (product) =>
      language
        ? chatProductHref(product.tenant.id, product.id)
        : product.areas[0] === undefined
          ? undefined
          : productHref(product.areas[0], product.id),
    qr: (alias) => qrHref(alias, language),
  };
}

export default function BagView() {
  // Where the island hydrates (chat's bag), the page's script may have read the bag before: hydrate from
  // the values the server drew with first.
  const load = useStoreValue($bagLoad, () => 'idle');
  const bag = useStoreValue($bag, () => undefined);
  const links = bagLinks(useStoreValue($mode));

  useEffect(() => {
    // The page may have asked already (its script starts the read before React is ready).
    if ($bagLoad.get() === 'idle') void loadBag();
  }, []);

  // The bag the visitor holds (restoreBag, bag-load.ts) is drawn at once; its controls wait for the server's.
  const refreshing = load !== 'ready';
  return (
    <>
      {load === 'failed' ? (
        <div className="flex flex-col items-start gap-3 py-6" role="alert">
          <p>{t('bag.loadFailed')}</p>
          <button
            type="button"
            onClick={() => void loadBag()}
            className="min-h-11 rounded border border-primary px-4 font-bold hover:bg-primary hover:text-white"
          >
            {t('bag.retry')}
          </button>
        </div>
      ) : bag?.products.length === 0 && !refreshing ? (
        <EmptyBag shop={links.shop} />
      ) : (
        <Bag bag={bag} refreshing={refreshing} links={links} />
      )}
      <NotificationBar />
    </>
  );
}

function EmptyBag({ shop }: { shop: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <Icon path={mdiShoppingOutline} size={48} className="text-accent" />
      <h2 className="text-base font-bold">{t('bag.empty.title')}</h2>
      <p className="text-sm text-secondary">{t('bag.empty.body')}</p>
      <a
        href={shop}
        className="mt-2 inline-flex min-h-11 items-center rounded bg-primary px-6 font-bold text-white hover:bg-black"
      >
        {t('bag.empty.cta')}
      </a>
    </div>
  );
}

function LineSkeletons() {
  return (
    <div aria-hidden="true" className="flex flex-col">
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-3 py-4">
          <div className="flex gap-3">
            <div className="h-20 w-20 shrink-0 rounded bg-neutral-100" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-3/4 rounded bg-neutral-100" />
              <div className="h-4 w-1/3 rounded bg-neutral-100" />
            </div>
          </div>
          <div className="h-11 rounded bg-neutral-100 sm:ml-[92px]" />
          <div className="h-11 w-40 rounded bg-neutral-100 sm:ml-[92px]" />
        </div>
      ))}
    </div>
  );
}

/**
 * The bag's layout; `bag` is undefined until the server has answered or a held bag is restored, and
 * `refreshing` while the server's is on its way.
 */
function Bag({ bag, refreshing, links }: { bag: Cart | undefined; refreshing: boolean; links: BagLinks }) {
  const pending = useStoreValue($bagPending);
  const busy = useStoreValue($bagBusy) || refreshing;
  const [removing, setRemoving] = useState<LineView | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | undefined>();
  const lines = (bag?.products ?? []).map((product) => ({
    line: lineView(product, bag?.warning),
    href: links.product(product),
  }));
  const prices = bag ? choicePrices(bag) : { ship: undefined, wrapping: undefined };
  const blocked = (bag?.warning.length ?? 0) > 0;
  const waiting = bag === undefined || busy;

  const remove = async (line: LineView) => {
    setRemoving(null);
    if (await changeQty(line, 0)) notify(t('bag.removed', { title: line.title }), { tone: 'success' });
  };

  const openPayment = () => {
    if (blocked) {
      notify(t('bag.pay.blocked'), { tone: 'error' });
      return;
    }
    setPayError(undefined);
    setPaying(true);
  };

  /** Issues the QR with `issue` (the confirmation brings it: the bag loads without it). */
  const confirm = async (issue: typeof issueQr) => {
    setPayError(undefined);
    const result = await issue();
    if (!result) return;
    if (result.ok) {
      window.location.assign(links.qr(result.draftOrderAlias));
      return;
    }
    if (result.warning.length > 0 || $bag.get()?.products.length === 0) {
      // The lines now say what to fix; the dialog would only hide them.
      setPaying(false);
      notify(result.message, { tone: 'error' });
    } else setPayError(result.message);
  };

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_20rem] md:items-start">
      <section aria-labelledby="bag-lines-title" aria-busy={bag === undefined || refreshing || undefined}>
        <h2 id="bag-lines-title" className="text-sm text-secondary">
          {bag ? t('bag.count', { count: bag.count }) : t('bag.loading')}
        </h2>
        {blocked && (
          <p className="mt-2 flex items-start gap-1.5 rounded bg-error/20 px-3 py-2 text-sm">
            <Icon path={mdiAlertCircleOutline} size={18} className="mt-0.5 shrink-0" />
            <span>{t('bag.pay.blocked')}</span>
          </p>
        )}
        {bag ? (
          <BagLines>
            {lines.map(({ line, href }) => (
              <BagLine
                key={line.key}
                line={line}
                href={href}
                qtyBusy={refreshing || pending.has(`qty:${line.key}`)}
                receiveBusy={refreshing || pending.has(`receive:${line.key}`)}
                shipPrice={prices.ship}
                onQty={(qty) => void changeQty(line, qty)}
                onReceive={(receive) => void changeReceive(line, receive)}
                onRemove={() => setRemoving(line)}
                titles={bag.noshiTitles}
              />
            ))}
          </BagLines>
        ) : (
          <LineSkeletons />
        )}
      </section>

      <aside
        className="flex flex-col gap-4 rounded-lg border border-accent/40 p-4 md:sticky md:top-20"
        aria-labelledby="bag-totals-title"
      >
        <fieldset aria-busy={pending.has('wrapping') || undefined}>
          <legend className="text-sm font-bold">{t('bag.wrapping.title')}</legend>
          {/* Each text whole on its line: the fee goes under the choice rather than break it (ギフトラッピングを／する). */}
          <label className="mt-2 flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 gap-y-1 whitespace-nowrap">
            <input
              type="checkbox"
              checked={bag?.wrapping ?? false}
              disabled={!bag || refreshing || pending.has('wrapping')}
              onChange={(event) => void changeWrapping(event.target.checked)}
              className="h-5 w-5 accent-primary"
            />
            <span>{t('bag.wrapping.label')}</span>
            {prices.wrapping && <WrappingPrice price={prices.wrapping} />}
          </label>
          <p className="text-xs text-secondary">{t('bag.wrapping.note')}</p>
        </fieldset>
        <section>
          <h2 id="bag-totals-title" className="mb-2 text-sm font-bold">
            {t('bag.totals.title')}
          </h2>
          {bag ? (
            <TotalsList rows={bagTotalRows(bag)} busy={busy} testId="bag-totals" />
          ) : (
            <div aria-hidden="true" className="flex flex-col gap-2">
              <div className="h-5 rounded bg-neutral-100" />
              <div className="h-5 rounded bg-neutral-100" />
              <div className="h-7 rounded bg-neutral-100" />
            </div>
          )}
        </section>
        <div>
          <button
            type="button"
            onClick={openPayment}
            aria-disabled={blocked || undefined}
            disabled={waiting}
            aria-describedby="pay-note"
            className={`min-h-12 w-full rounded px-4 font-bold ${blocked || waiting ? 'bg-neutral-200 text-secondary' : 'bg-primary text-white hover:bg-black'}`}
          >
            {t('bag.pay')}
          </button>
          <p id="pay-note" className="mt-2 text-xs text-secondary">
            {t('bag.pay.note')}
          </p>
        </div>
      </aside>

      {removing && (
        <Suspense fallback={null}>
          <RemoveDialog
            line={removing}
            onCancel={() => setRemoving(null)}
            onConfirm={() => void remove(removing)}
          />
        </Suspense>
      )}

      {paying && bag && (
        <Suspense fallback={null}>
          <PaymentDialog
            open
            bag={bag}
            issuing={pending.has('qr')}
            error={payError}
            termsHref={links.terms}
            onClose={() => setPaying(false)}
            onConfirm={(issue) => void confirm(issue)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The list of the bag's lines (the held bag's drawing takes it from here too: HeldBagTemplate.tsx). */
export function BagLines({ children }: { children: ReactNode }) {
  return (
    <ul className="divide-y divide-accent/30" aria-label={t('bag.lines')}>
      {children}
    </ul>
  );
}

/** What gift wrapping costs, beside its choice. */
export function WrappingPrice({ price }: { price: string }) {
  return (
    <span className="ml-auto text-sm tabular-nums" data-testid="wrapping-price">
      {price}
    </span>
  );
}
