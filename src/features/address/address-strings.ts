/** The address form's strings in the page's language (src/i18n/address/): labels, prefectures, messages. */
import { address } from '../../i18n/address/part.ts';
import { strings } from '../../i18n/index.ts';

/** A key of the address part: a field's label or a prefecture is looked up by a key made from its name. */
export type AddressKey = Parameters<typeof t>[0];

export const t = await strings(address);
