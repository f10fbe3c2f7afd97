/**
 * The scanner's constants: which camera, which code formats, how often a frame is read and how long the
 * camera may take. The formats are the product's list; each decoder says which of them it can read.
 */

/** The code formats the scanner can be configured for. */
export const BARCODE_FORMATS = [
  'Aztec',
  'Code128',
  'Code39',
  'Code93',
  'Codabar',
  'DataBar',
  'DataMatrix',
  'EAN-13',
  'EAN-8',
  'ITF',
  'MaxiCode',
  'PDF417',
  'QRCode',
  'UPC-A',
  'UPC-E',
] as const;

export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

/** The formats zxing, the fallback decoder, has a reader for: every one but MaxiCode. */
export type ZxingReadable = Exclude<BarcodeFormat, 'MaxiCode'>;

export function zxingReads(format: BarcodeFormat): format is ZxingReadable {
  return format !== 'MaxiCode';
}

export interface ScannerConfig {
  /** The camera asked for first: `environment` (the back camera) or `user` (the front one). */
  facingMode: 'environment' | 'user';
  /** The formats to read; QR codes only unless configured. */
  formats: readonly BarcodeFormat[];
  /** Least time between two frame reads. */
  scanDelayMs: number;
  /** Least time between two frame reads when a track callback outlines codes as they move. */
  trackScanDelayMs: number;
  /** The camera counts as ready this long after its stream loads (exposure settles). */
  readyDelayMs: number;
  /** The stream must load within this time, or the scanner fails. */
  loadTimeoutMs: number;
}

export const SCANNER_DEFAULTS: Readonly<ScannerConfig> = Object.freeze({
  facingMode: 'environment',
  formats: Object.freeze(['QRCode'] as const),
  scanDelayMs: 500,
  trackScanDelayMs: 40,
  readyDelayMs: 500,
  loadTimeoutMs: 6000,
});

/** The delay between frame reads: shorter when a track callback follows the code. */
export function scanDelay(config: ScannerConfig, tracking: boolean): number {
  return tracking ? config.trackScanDelayMs : config.scanDelayMs;
}

/** The camera constraints of a facing mode: video only, never the microphone. */
export function cameraConstraints(facingMode: ScannerConfig['facingMode']): MediaStreamConstraints {
  return { audio: false, video: { facingMode: { ideal: facingMode } } };
}
