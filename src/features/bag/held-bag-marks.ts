/**
 * The marks HeldBagTemplate.tsx writes where a held bag's values go, and held-bag.ts fills: `⟦name⟧`, a
 * pair of brackets no string of the bag's own markup holds.
 */

/** The mark of the value `name` (a word: letters and digits). */
export const mark = (name: string) => `⟦${name}⟧`;

/** Every mark in a piece of markup; the first group is its name. */
export const MARKS = /⟦(\w+)⟧/g;

/**
 * The kinds of line the template holds, in its order: how the line is received, pickup possible, and the
 * place of its のし and message card part (bag-lines.ts, `offersGift`).
 */
export const LINE_KINDS = [
  { receive: 'store', inStore: true, gift: false },
  { receive: 'store', inStore: true, gift: true },
  { receive: 'ship', inStore: true, gift: false },
  { receive: 'ship', inStore: true, gift: true },
  { receive: 'ship', inStore: false, gift: false },
  { receive: 'ship', inStore: false, gift: true },
] as const;

/** A figure of the view that is a phrase of the bag page's (its template's `data-…`): free shipping. */
export const FREE = 'free';

/** The template's id in the bag page. */
export const HELD_BAG_TEMPLATE = 'held-bag';
