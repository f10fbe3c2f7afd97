/**
 * How a catalogue picture loads, one rule for both picture writers (CataloguePicture.tsx,
 * catalogue-image-html.ts). Not in the image helper (src/lib/images.ts): the product page's script loads
 * that helper and draws no picture, and its budget has no bytes to spare.
 */

/**
 * How a picture loads: `true` for the page's largest picture (eager, decoded with the paint, asked for at high
 * priority); `'low'` for one that must not compete with the page's own main picture (lazy, low priority);
 * otherwise lazy at the browser's own priority.
 */
export type PicturePriority = boolean | 'low';

/** The `<img>` loading attributes of a picture of that priority. */
export function pictureLoading(priority: PicturePriority = false): {
  loading: 'eager' | 'lazy';
  decoding: 'sync' | 'async';
  fetchPriority: 'high' | 'low' | 'auto';
} {
  if (priority === true) return { loading: 'eager', decoding: 'sync', fetchPriority: 'high' };
  return { loading: 'lazy', decoding: 'async', fetchPriority: priority === 'low' ? 'low' : 'auto' };
}
