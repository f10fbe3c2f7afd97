/**
 * The scanner's strings, as one object the view takes: the web catalogue builds it in Japanese at build
 * time; chat mode builds it from the scanner's part in its language, with the same `scanner.*` keys. The
 * view itself imports only the type (and fills placeholders with fill.ts), so the keys never reach /scan/'s
 * browser.
 */
import type { ScannerErrorCode } from './camera-scanner.ts';
import type { RefusalReason } from './scanned-text.ts';

/** Each message's key in the locale files. */
export const SCANNER_MESSAGE_KEYS = {
  title: 'scanner.title',
  close: 'scanner.close',
  instructions: 'scanner.instructions',
  hint: 'scanner.hint',
  video: 'scanner.video',
  starting: 'scanner.starting',
  paused: 'scanner.paused',
  pause: 'scanner.pause',
  resume: 'scanner.resume',
  switchCamera: 'scanner.switchCamera',
  checking: 'scanner.checking',
  found: 'scanner.found',
  retry: 'scanner.retry',
  scanAgain: 'scanner.scanAgain',
  productList: 'scanner.productList',
  refusedTitle: 'scanner.refused.title',
  checkFailed: 'scanner.refused.checkFailed',
  errorTitle: 'scanner.error.title',
  'error.insecure-context': 'scanner.error.insecureContext',
  'error.no-stream-api': 'scanner.error.noStreamApi',
  'error.stream-timeout': 'scanner.error.streamTimeout',
  'error.permission-denied': 'scanner.error.permissionDenied',
  'error.no-camera': 'scanner.error.noCamera',
  'error.camera-busy': 'scanner.error.cameraBusy',
  'error.cross-origin': 'scanner.error.crossOrigin',
  'error.detection-unavailable': 'scanner.error.detectionUnavailable',
  'refused.other-site': 'scanner.refused.otherSite',
  'refused.not-web': 'scanner.refused.notWeb',
  'refused.not-product': 'scanner.refused.notProduct',
  'refused.gone': 'scanner.refused.gone',
  'refused.text': 'scanner.refused.text',
} as const satisfies Record<
  string | `error.${ScannerErrorCode}` | `refused.${RefusalReason}`,
  `scanner.${string}`
>;

type ScannerMessageName = keyof typeof SCANNER_MESSAGE_KEYS;
export type ScannerMessageKey = (typeof SCANNER_MESSAGE_KEYS)[ScannerMessageName];

/** Every message the view shows, already in the shopper's language. */
export type ScannerMessages = Record<ScannerMessageName, string>;

/** The messages object from a key lookup (the page's `t`, in Japanese or in a chat page's language). */
export function scannerMessages(lookup: (key: ScannerMessageKey) => string): ScannerMessages {
  return Object.fromEntries(
    Object.entries(SCANNER_MESSAGE_KEYS).map(([name, key]) => [name, lookup(key)]),
  ) as ScannerMessages;
}
