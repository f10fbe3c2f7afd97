/** The order feature's components that other features compose: chat mode shows the order in its language. */
export { default as OrderView } from './OrderView.tsx';
