/**
 * The product card's strings in Japanese, built where the page renders (at build time): islands take them
 * as props, so no catalogue of strings ships to the browser.
 */
import { t } from '../i18n/build-time.ts';
import type { ProductCardLabels } from './ProductCard.tsx';

export function productCardLabels(): ProductCardLabels {
  return { sale: t('product.sale'), soldOut: t('product.soldOut'), regularPrice: t('product.regularPrice') };
}
