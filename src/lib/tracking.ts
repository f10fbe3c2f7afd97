/**
 * The tracked elements the product defines, as the stable `data-track` names analytics counts clicks by.
 * Markup uses these constants, never ad-hoc strings, so a name cannot drift. Names for screens built
 * elsewhere (the QR page's countdown, the my-card QR code, "select again") are here for those screens to use.
 */
import type { Area } from './catalog/types.ts';

export const TRACK = {
  home: 'home',
  wishlist: 'wishlist',
  bag: 'bag',
  brand: 'brand',
  guideToBaseA: 'guide to base a',
  guideToBaseB: 'guide to base b',
  guideToBaseC: 'guide to base c',
  guideToBaseD: 'guide to base d',
  /** The draft order's countdown on the QR page. */
  timeLimit: 'time limit',
  /** The QR code the shopper shows at the store counter. */
  myCardQrCode: 'my-card QR code',
  productList: 'product list',
  /** Back from the QR page to change the bag. */
  selectAgain: 'select again',
  chat: 'chat',
  chatScan: 'chat scan',
  chatBag: 'chat bag',
  /** The web catalogue's scan button in the footer (the product lists only chat mode's "chat scan"). */
  scan: 'scan',
} as const;

export type TrackName = (typeof TRACK)[keyof typeof TRACK];

/** Every tracked name, in the order the product lists them. */
export const TRACKED_NAMES: readonly TrackName[] = Object.values(TRACK);

/** `a` → `guide to base a`. */
export function guideToBase(place: Area['place']): TrackName {
  return `guide to base ${place}`;
}

/** True for a tracked name. */
export function isTrackName(value: string): value is TrackName {
  return (TRACKED_NAMES as readonly string[]).includes(value);
}
