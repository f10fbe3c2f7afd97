/**
 * Choosing a line's のし and message card, loaded with their choice (GiftForm.tsx): a bag without のし does
 * not carry it. The bag changes once the server has taken the gift; a refusal (422) comes back as the
 * reasons per field, for the form to say in the shopper's language while it keeps what was typed.
 */
import { apiErrorDetails } from '../../lib/catalog/api-error.ts';
import { setCartGift } from '../../lib/catalog/cart-gift.ts';
import { markHandled } from '../../lib/errors.ts';
import { chatLanguageNow } from '../../lib/mode.ts';
import { $bagPending, enqueue, setPending, takeAnswer } from './bag-actions.ts';
import { type LineKey, lineKey } from './bag-lines.ts';
import { bagErrorMessage } from './bag-messages.ts';
import { GIFT_CODES, type GiftField, type GiftReason, type Noshi } from './gift-rules.ts';

export type GiftChange =
  | { ok: true }
  | { ok: false; reasons: Partial<Record<GiftField, GiftReason>>; message?: string };

const REASON_OF_CODE = new Map(
  Object.entries(GIFT_CODES).map(([reason, code]) => [code, reason as GiftReason]),
);
const GIFT_FIELDS: readonly GiftField[] = ['noshi.title', 'noshi.name', 'message'];

/** What a refusal says: the 422's reason on each field it names, or another failure's message. */
function refusal(error: unknown): GiftChange {
  const { status, code, fields } = apiErrorDetails(error);
  const reason = code === undefined ? undefined : REASON_OF_CODE.get(code);
  if (status === 422 && reason !== undefined) {
    const reasons: Partial<Record<GiftField, GiftReason>> = {};
    for (const field of GIFT_FIELDS) if (fields[field] !== undefined) reasons[field] = reason;
    return { ok: false, reasons };
  }
  return { ok: false, reasons: {}, message: bagErrorMessage(error) };
}

/**
 * Sets a line's のし and message card (null takes one off), sent after the bag's changes before it, in chat
 * mode asking for the bag in the visitor's language. Undefined for a second tap while the first is on its way.
 */
export function changeGift(
  line: LineKey,
  gift: { noshi: Noshi | null; message: string | null },
): Promise<GiftChange | undefined> {
  const key = `gift:${lineKey(line)}`;
  if ($bagPending.get().has(key)) return Promise.resolve(undefined);
  setPending(key, true);
  const lang = chatLanguageNow();
  return enqueue(async (): Promise<GiftChange> => {
    try {
      takeAnswer(
        await setCartGift({
          productId: line.productId,
          variantId: line.variantId,
          ...gift,
          ...(lang ? { lang } : {}),
        }),
      );
      return { ok: true };
    } catch (error) {
      markHandled(error);
      return refusal(error);
    } finally {
      setPending(key, false);
    }
  });
}
