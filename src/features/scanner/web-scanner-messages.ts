/** The web catalogue scanner's strings, from ja.json at build time. */
import { t } from '../../i18n/build-time.ts';
import { type ScannerMessages, scannerMessages } from './scanner-messages.ts';

export function webScannerMessages(): ScannerMessages {
  return scannerMessages(t);
}
