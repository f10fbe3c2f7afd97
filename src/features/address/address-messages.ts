/**
 * The address form's messages in the page's language: the rules' own Japanese on the web catalogue (the
 * same words the API answers with), the visitor's language in chat mode (src/lib/mode.ts), through the
 * translator chat installs.
 */

import { chatLanguageNow } from '../../lib/mode.ts';
import { type AddressField, type AddressMessages, JAPANESE_MESSAGES } from './address-rules.ts';
import { type AddressKey, t } from './address-strings.ts';

const label = (field: AddressField) => t(`address.${field}` as AddressKey);

const translated: AddressMessages = {
  required: (field) => t('address.error.required', { label: label(field) }),
  tooLong: (field, max) => t('address.error.tooLong', { label: label(field), max }),
  get postalFormat() {
    return t('address.error.postalFormat');
  },
  get prefectureRequired() {
    return t('address.error.prefectureRequired');
  },
  get prefectureUnknown() {
    return t('address.error.prefectureUnknown');
  },
  get kanaFormat() {
    return t('address.error.kanaFormat');
  },
  get phoneFormat() {
    return t('address.error.phoneFormat');
  },
  get phoneInternational() {
    return t('address.error.phoneInternational');
  },
  get dateFormat() {
    return t('address.error.dateFormat');
  },
  dateTooEarly: (earliest) => t('address.error.dateTooEarly', { date: earliest }),
  get slotUnknown() {
    return t('address.error.slotUnknown');
  },
};

/** The words for the address messages now: chat mode's language, else the rules' Japanese. */
export function addressMessages(): AddressMessages {
  return chatLanguageNow() ? translated : JAPANESE_MESSAGES;
}
