/**
 * The shopping bag (/cart/): its lines, gift wrapping, the charges and the payment action. Reads the bag on
 * load (POST /catalog/cart, with its warnings); every change goes through the bag store. The layout — the
 * summary box with wrapping and the payment action — is rendered at build time and stays the same element
 * tree when the bag arrives, so nothing moves and the first paint already shows the page's shape.
 */

import { mdiAlertCircleOutline, mdiShoppingOutline } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { qrHref } from '../../lib/alias.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { TotalsList } from '../../ui/TotalsList.tsx';
import { productHref } from '../catalogue/catalogue-pages.ts';
import { NotificationBar } from '../site/NotificationBar.tsx';
import { notify } from '../site/notification-store.ts';
import { $cart } from './add-to-bag.ts';
import { BagLine } from './BagLine.tsx';
import { anyShipped, type LineView, lineView } from './bag-lines.ts';
import {
  $cartBusy,
  $cartLoad,
  $cartPending,
  changeQty,
  changeReceive,
  changeWrapping,
  issueQr,
  loadCart,
} from './bag-store.ts';
import { PaymentDialog } from './PaymentDialog.tsx';
import { restoreTermsAgreed } from './terms-store.ts';

export default function BagView() {
  // The page's script may have read the bag before hydration: hydrate from the build-time values first.
  const load = useStore($cartLoad, { ssr: 'initial' });
  const cart = useStore($cart, { ssr: 'initial' });

  useEffect(() => {
    restoreTermsAgreed();
    // The page may have asked already (its script starts the read before React is ready).
    if ($cartLoad.get() === 'idle') void loadCart();
  }, []);

  const ready = load === 'ready' && cart !== undefined;
  return (
    <>
      {load === 'failed' ? (
        <div className="flex flex-col items-start gap-3 py-6" role="alert">
          <p>{t('cart.loadFailed')}</p>
          <button
            type="button"
            onClick={() => void loadCart()}
            className="min-h-11 rounded border border-primary px-4 font-bold hover:bg-primary hover:text-white"
          >
            {t('cart.retry')}
          </button>
        </div>
      ) : ready && cart.products.length === 0 ? (
        <EmptyBag />
      ) : (
        <Bag cart={ready ? cart : undefined} />
      )}
      <NotificationBar />
    </>
  );
}

function EmptyBag() {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <Icon path={mdiShoppingOutline} size={48} className="text-accent" />
      <h2 className="text-base font-bold">{t('cart.empty.title')}</h2>
      <p className="text-sm text-secondary">{t('cart.empty.body')}</p>
      <a
        href="/"
        className="mt-2 inline-flex min-h-11 items-center rounded bg-primary px-6 font-bold text-white hover:bg-black"
      >
        {t('cart.empty.cta')}
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

/** The bag's layout; `cart` is undefined until the server has answered. */
function Bag({ cart }: { cart: Cart | undefined }) {
  const pending = useStore($cartPending);
  const busy = useStore($cartBusy);
  const [removing, setRemoving] = useState<LineView | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | undefined>();
  const lines = (cart?.products ?? []).map((product) => ({
    line: lineView(product, cart?.warning),
    href: product.areas[0] === undefined ? undefined : productHref(product.areas[0], product.id),
  }));
  const blocked = (cart?.warning.length ?? 0) > 0;
  const waiting = cart === undefined || busy;

  const remove = async (line: LineView) => {
    setRemoving(null);
    if (await changeQty(line, 0)) notify(t('cart.removed', { title: line.title }), { tone: 'success' });
  };

  const openPayment = () => {
    if (blocked) {
      notify(t('cart.pay.blocked'), { tone: 'error' });
      return;
    }
    setPayError(undefined);
    setPaying(true);
  };

  const confirm = async () => {
    setPayError(undefined);
    const result = await issueQr();
    if (!result) return;
    if (result.ok) {
      window.location.assign(qrHref(result.draftOrderAlias));
      return;
    }
    if (result.warning.length > 0 || $cart.get()?.products.length === 0) {
      // The lines now say what to fix; the dialog would only hide them.
      setPaying(false);
      notify(result.message, { tone: 'error' });
    } else setPayError(result.message);
  };

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_20rem] md:items-start">
      <section aria-labelledby="bag-lines-title" aria-busy={cart === undefined || undefined}>
        <h2 id="bag-lines-title" className="text-sm text-secondary">
          {cart ? t('cart.count', { count: cart.count }) : t('cart.loading')}
        </h2>
        {blocked && (
          <p className="mt-2 flex items-start gap-1.5 rounded bg-error/20 px-3 py-2 text-sm">
            <Icon path={mdiAlertCircleOutline} size={18} className="mt-0.5 shrink-0" />
            <span>{t('cart.pay.blocked')}</span>
          </p>
        )}
        {cart ? (
          <ul className="divide-y divide-accent/30" aria-label={t('cart.lines')}>
            {lines.map(({ line, href }) => (
              <BagLine
                key={line.key}
                line={line}
                href={href}
                qtyBusy={pending.has(`qty:${line.key}`)}
                receiveBusy={pending.has(`receive:${line.key}`)}
                onQty={(qty) => void changeQty(line, qty)}
                onReceive={(receive) => void changeReceive(line, receive)}
                onRemove={() => setRemoving(line)}
              />
            ))}
          </ul>
        ) : (
          <LineSkeletons />
        )}
      </section>

      <aside
        className="flex flex-col gap-4 rounded-lg border border-accent/40 p-4 md:sticky md:top-20"
        aria-labelledby="bag-totals-title"
      >
        <fieldset aria-busy={pending.has('wrapping') || undefined}>
          <legend className="text-sm font-bold">{t('cart.wrapping.title')}</legend>
          <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              checked={cart?.wrapping ?? false}
              disabled={!cart || pending.has('wrapping')}
              onChange={(event) => void changeWrapping(event.target.checked)}
              className="h-5 w-5 accent-primary"
            />
            <span>{t('cart.wrapping.label')}</span>
          </label>
          <p className="text-xs text-secondary">{t('cart.wrapping.note')}</p>
        </fieldset>
        <section>
          <h2 id="bag-totals-title" className="mb-2 text-sm font-bold">
            {t('cart.totals.title')}
          </h2>
          {cart ? (
            <TotalsList
              charges={cart}
              context={{ anyShipped: anyShipped(cart.products), wrapping: cart.wrapping }}
              busy={busy}
              testId="bag-totals"
            />
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
            {t('cart.pay')}
          </button>
          <p id="pay-note" className="mt-2 text-xs text-secondary">
            {t('cart.pay.note')}
          </p>
        </div>
      </aside>

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('cart.remove.title')}
        size="sm"
        footer={
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setRemoving(null)}
              className="min-h-11 rounded border border-accent/60 px-4 hover:bg-neutral-50"
            >
              {t('cart.remove.cancel')}
            </button>
            <button
              type="button"
              onClick={() => removing && void remove(removing)}
              className="min-h-11 rounded bg-primary px-4 font-bold text-white hover:bg-black"
            >
              {t('cart.remove.confirm')}
            </button>
          </div>
        }
      >
        <p className="text-sm">{removing && t('cart.remove.body', { title: removing.title })}</p>
      </Dialog>

      {paying && cart && (
        <PaymentDialog
          open
          cart={cart}
          issuing={pending.has('qr')}
          error={payError}
          onClose={() => setPaying(false)}
          onConfirm={() => void confirm()}
        />
      )}
    </div>
  );
}
