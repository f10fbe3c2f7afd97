/**
 * The bag's components that other features compose: the card of an order's lines and totals, and the bag
 * screen itself (chat mode shows it in the visitor's language with its own links), and the time-out page's
 * new QR.
 */
export { default as BagView } from './BagView.tsx';
export { OrderSummary } from './OrderSummary.tsx';
export { default as QrReissue } from './QrReissue.tsx';
