/**
 * The bag's strings in the page's language (src/i18n/bag/): lines, receive choice, wrapping, totals,
 * warnings and the errors of its calls. A top-level await: the bag page's own script must not import this
 * (bag-load.ts says why).
 */
import { bag } from '../../i18n/bag/part.ts';
import { strings } from '../../i18n/index.ts';

export const t = await strings(bag);
