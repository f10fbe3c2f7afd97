/** The chat feature's public entry for other features: plain TypeScript only. */
export { areaBrandFilter, STORED_LISTS_KEY } from './language.ts';
