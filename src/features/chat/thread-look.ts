/**
 * The look of chat's thread: the conversation's column, the thread in it, a bubble from the shop or the
 * visitor. One home for the island (ChatApp.tsx) and the greeting a chat page is built with
 * (src/pages/chat/index.astro), so the island's first bubble takes the built one's place without moving.
 */
export const CONVERSATION_CLASS = 'flex flex-1 flex-col gap-4';
export const THREAD_CLASS = 'flex flex-col gap-3';

export function bubbleClass(from: 'shop' | 'visitor'): string {
  return `max-w-[92%] rounded-2xl px-4 py-3 text-sm ${from === 'shop' ? 'self-start rounded-tl-sm bg-neutral-100' : 'self-end rounded-tr-sm bg-primary text-white'}`;
}

/**
 * The `sizes` of a picture as wide as a shop bubble's content: 92 % of the page's column (at most 36rem,
 * less 2rem of padding) less the bubble's 2rem of padding. A phone then takes the 1x file, not the 2x one.
 * Never less than that width: a bubble is as wide as its content, and the picture's width as the browser
 * first sees it is this one, so a product bubble holding only its picture (the /chat/ page's built one)
 * would be narrower than the island's with the product's details, and the island's picture a new largest
 * paint.
 */
export const BUBBLE_PICTURE_SIZES = '(min-width: 576px) 469px, calc(92vw - 61px)';

/** A product's picture in a shop bubble: the bubble's width, square. */
export const BUBBLE_PICTURE_CLASS = 'aspect-square w-full rounded object-cover';

/** The built bubble the /chat/ page shows a carried product's picture in before chat's code has loaded. */
export const CARRIED_BUBBLE_ID = 'carried-product';

/**
 * The box around a product's picture in its bubble, built or drawn by the island (ChatProduct.tsx): a flex
 * column, as the product's details are, so the picture sits the same in both (inline, it would leave a
 * line's descent under it).
 */
export const CARRIED_PICTURE_BOX_CLASS = 'flex flex-col gap-3';
