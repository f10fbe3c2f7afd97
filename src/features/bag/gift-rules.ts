/**
 * A line's gift: のし (表書き, 内のし or 外のし, an optional 名入れ) and a message card. One module for both
 * sides: the bag's のし choice checks with it before sending, and the reference API
 * (scripts/catalog-api/cart.ts) refuses with the same rules (422), so the two cannot disagree. The rules
 * give reasons, not words: each side says them in its shopper's language (src/i18n/bag/).
 */
import type { LineGift, Noshi } from '../../lib/catalog/types.ts';

/** The printed form is the storefront's everywhere (src/lib/gift-print.ts); the counter's too. */
export { noshiPrinted } from '../../lib/gift-print.ts';
export type { LineGift, Noshi };
export type NoshiPlacement = Noshi['placement'];

/** The 表書き a store prints unless it configures its own list. */
export const DEFAULT_NOSHI_TITLES: readonly string[] = [
  '御歳暮',
  '御中元',
  '内祝',
  '御礼',
  '御祝',
  '寿',
  '志',
  '無地',
];

/** The most characters of a 名入れ (a family name, or a full name, fits on the paper). */
export const NOSHI_NAME_MAX = 20;
/** The most characters of a message card. */
export const MESSAGE_MAX = 100;

/** Why a gift is refused, each with the API's code. */
export type GiftReason =
  | 'notAccepted'
  | 'unknownTitle'
  | 'nameTooLong'
  | 'messageTooLong'
  | 'messageNotShipped'
  | 'control'
  | 'pictograph';

export const GIFT_CODES: Record<GiftReason, string> = {
  notAccepted: 'NOSHI_NOT_ACCEPTED',
  unknownTitle: 'UNKNOWN_NOSHI_TITLE',
  nameTooLong: 'NOSHI_NAME_TOO_LONG',
  messageTooLong: 'MESSAGE_TOO_LONG',
  messageNotShipped: 'MESSAGE_NOT_SHIPPED',
  control: 'CONTROL_CHARACTERS',
  pictograph: 'EMOJI',
};

/** The fields a reason can fall on (the request's names). */
export type GiftField = 'noshi.title' | 'noshi.name' | 'message';

/** Counted as the shopper sees them: by code point, not UTF-16 unit. */
const chars = (text: string) => [...text].length;

/** Control characters (C0, DEL, C1) and the invisible format characters that reorder text. */
const CONTROL = /\p{Cc}|[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** True when `text` holds a control character; a message card's newlines aside when `newlines` is true. */
export function hasControl(text: string, newlines = false): boolean {
  return CONTROL.test(newlines ? text.replaceAll('\n', '') : text);
}

/**
 * Emoji: a character drawn as an emoji by default, or any asking to be (the variation selector U+FE0F, in
 * every keycap and in ❤️). のし and cards are printed, and a printer has no emoji; text symbols (★☆♪♡〒※),
 * kanji outside the BMP and every script a visitor writes in pass.
 */
const PICTOGRAPH = /\p{Emoji_Presentation}|\ufe0f/u;

/** What the shopper asks for: a field left out keeps what the line has. */
export interface GiftInput {
  noshi?: Noshi | null;
  message?: string | null;
}

export type GiftResult =
  | { ok: true; gift: LineGift | null }
  | { ok: false; reasons: Partial<Record<GiftField, GiftReason>>; first: GiftReason };

/**
 * Checks a gift for a line and gives what the line then holds (null when neither のし nor a card is left):
 * surrounding spaces trimmed, an empty name or message read as none, Windows newlines made plain.
 */
export function checkGift(
  input: GiftInput,
  line: { accepts: boolean; shipped: boolean; current: LineGift | null; titles: readonly string[] },
): GiftResult {
  const reasons: Partial<Record<GiftField, GiftReason>> = {};
  let noshi: Noshi | null = line.current?.noshi ?? null;
  if (input.noshi !== undefined) noshi = input.noshi;
  if (noshi !== null) {
    const title = noshi.title.trim();
    const name = (noshi.name ?? '').trim();
    if (!line.accepts) reasons['noshi.title'] = 'notAccepted';
    else if (!line.titles.includes(title)) reasons['noshi.title'] = 'unknownTitle';
    if (hasControl(name)) reasons['noshi.name'] = 'control';
    else if (PICTOGRAPH.test(name)) reasons['noshi.name'] = 'pictograph';
    else if (chars(name) > NOSHI_NAME_MAX) reasons['noshi.name'] = 'nameTooLong';
    noshi = { title, placement: noshi.placement, name: name === '' ? null : name };
  }
  let message: string | null = line.current?.message ?? null;
  if (input.message !== undefined) message = input.message;
  if (message !== null) {
    message = message.replace(/\r\n?/g, '\n').trim();
    if (message === '') message = null;
    else if (hasControl(message, true)) reasons.message = 'control';
    else if (PICTOGRAPH.test(message)) reasons.message = 'pictograph';
    else if (chars(message) > MESSAGE_MAX) reasons.message = 'messageTooLong';
    else if (!line.shipped && input.message !== undefined) reasons.message = 'messageNotShipped';
  }
  const first = Object.values(reasons)[0];
  if (first !== undefined) return { ok: false, reasons, first };
  return { ok: true, gift: noshi === null && message === null ? null : { noshi, message } };
}
