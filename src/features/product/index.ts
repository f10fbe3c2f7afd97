/**
 * The product feature's public entry: what other features may use of a product. Plain TypeScript only (no
 * component, no strings), because the product page's own scripts reach it and must stay small.
 */

export { addToBagProblem } from './add-to-bag-problem.ts';
export type { ProductPayload } from './product-payload.ts';
export { leadVariant, mainImage } from './product-rules.ts';
export {
  type ListedProduct,
  listedProduct,
  listedSummary,
  type ProductSummary,
  productCard,
  productSummary,
} from './product-summary.ts';
export { isProductSummary } from './summary-check.ts';
export {
  availabilityText,
  chooseOption,
  findVariant,
  type OptionSelection,
  productOptions,
  selectionOf,
} from './variant-options.ts';
