/** The address step's components that other features compose: a submitted address, read-only. */
export { AddressSummary } from './AddressSummary.tsx';
