/**
 * The QR page's strings in the page's language (src/i18n/qr/). A top-level await: the QR page's own script
 * must not import this (qr-messages.ts says why).
 */
import { strings } from '../../i18n/index.ts';
import { qr } from '../../i18n/qr/part.ts';

export const t = await strings(qr);
