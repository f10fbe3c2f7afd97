/**
 * The scanner's components that other features compose. Chat mode imports `ScannerView` lazily
 * (`import('./components.ts')` when "chat scan" is chosen), so its pages ship none of it until then.
 */
export { ScannerView, type ScannerViewProps } from './ScannerView.tsx';
