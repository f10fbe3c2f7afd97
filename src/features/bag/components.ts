/** The bag's components that other features compose: the card of an order's lines and totals. */
export { OrderSummary } from './OrderSummary.tsx';
