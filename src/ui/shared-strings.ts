/**
 * What src/ui's islands (and the notification bar) say, in the page's language: the shared part of the
 * strings (src/i18n/index.ts), loaded before any module importing this one runs.
 */
import { strings } from '../i18n/index.ts';
import { shared } from '../i18n/shared/part.ts';

export const t = await strings(shared);
