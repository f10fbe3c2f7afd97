/** The wishlist island's strings in Japanese, built at build time and passed as props. */
import { t } from '../../i18n/build-time.ts';
import { productCardLabels } from '../../ui/product-card-labels.ts';
import type { WishlistLabels } from './WishlistList.tsx';

export function wishlistLabels(): WishlistLabels {
  return {
    ...productCardLabels(),
    products: t('wishlist.products'),
    count: t('wishlist.count'),
    empty: t('wishlist.empty'),
    browse: t('wishlist.browse'),
    remove: t('wishlist.remove'),
    unavailable: t('wishlist.unavailable'),
  };
}
