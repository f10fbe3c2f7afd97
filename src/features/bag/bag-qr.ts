/**
 * Issuing the QR draft order for the bag: loaded with the final confirmation (PaymentDialog.tsx) and the
 * QR time-out page's "issue again" (QrReissue.tsx), not with the bag, which shows and changes the bag
 * without it.
 */
import { apiErrorDetails } from '../../lib/catalog/api-error.ts';
import { issueCartQr } from '../../lib/catalog/cart-bag.ts';
import type { CartWarning } from '../../lib/catalog/types.ts';
import { markHandled } from '../../lib/errors.ts';
import { chatLanguageNow } from '../../lib/mode.ts';
import { $bagPending, changesAnswered, rollBack, setPending } from './bag-actions.ts';
import { bagErrorMessage } from './bag-messages.ts';
import { $bag } from './bag-store.ts';

export type IssueResult =
  | { ok: true; draftOrderAlias: string }
  | { ok: false; message: string; warning: CartWarning[] };

/**
 * Issues the QR draft order for the bag (POST /catalog/cart/qr). Refused with the reason: a bag with
 * warnings gets them on its lines, an empty bag says so. A second tap while it is on its way is ignored.
 */
export async function issueQr(): Promise<IssueResult | undefined> {
  if ($bagPending.get().has('qr')) return undefined;
  setPending('qr', true);
  try {
    await changesAnswered();
    const lang = chatLanguageNow();
    const issued = await issueCartQr(lang ? { lang, via: 'chat' } : {});
    return { ok: true, draftOrderAlias: issued.draftOrderAlias };
  } catch (error) {
    markHandled(error);
    const { code, warning } = apiErrorDetails(error);
    const bag = $bag.get();
    if (code === 'CART_HAS_WARNINGS' && bag) $bag.set({ ...bag, warning });
    if (code === 'CART_EMPTY' || code === 'CART_HAS_WARNINGS') await rollBack(bag);
    return { ok: false, message: bagErrorMessage(error), warning };
  } finally {
    setPending('qr', false);
  }
}
