/**
 * The scanner feature's public entry: the rules of what a scanned code may open, in the web catalogue and
 * in chat mode, and the keys of its strings. Plain TypeScript, no camera and no decoder: those load only
 * with the view (components.ts), when a scanner opens.
 */
export { resolveScan } from './scan-destination.ts';
export { readScannedText, type ScannedText } from './scanned-text.ts';
export { BARCODE_FORMATS, type BarcodeFormat, SCANNER_DEFAULTS } from './scanner-config.ts';
export { type ScannerIcons, scannerIcons } from './scanner-icons.ts';
export { SCANNER_MESSAGE_KEYS, type ScannerMessages, scannerMessages } from './scanner-messages.ts';
