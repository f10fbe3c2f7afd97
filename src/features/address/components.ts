/**
 * The address step's components that other features compose: a submitted address, read-only, and the
 * step's screens, which chat mode shows in its language.
 */
export { default as AddressCompleteView } from './AddressCompleteView.tsx';
export { AddressSummary } from './AddressSummary.tsx';
export { default as AddressView } from './AddressView.tsx';
