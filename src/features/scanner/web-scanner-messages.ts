/** The web catalogue scanner's strings in Japanese, from build-time.ts. */
import { t } from '../../i18n/build-time.ts';
import { type ScannerMessages, scannerMessages } from './scanner-messages.ts';

export function webScannerMessages(): ScannerMessages {
  return scannerMessages(t);
}
