/**
 * The strings each island shows, from ja.json, built where the page renders (at build time). Islands take
 * them as props, so no catalogue of strings is shipped to the browser. Import only types from here in
 * island code.
 */
import { t } from '../../i18n/index.ts';
import type { ProductCardLabels } from '../../ui/ProductCard.tsx';
import type { WishlistLabels } from '../wishlist/WishlistList.tsx';
import type { BrandFilterLabels } from './BrandFilter.tsx';
import type { ProductListLabels } from './ProductList.tsx';

export function cardLabels(): ProductCardLabels {
  return { sale: t('product.sale'), soldOut: t('product.soldOut'), regularPrice: t('product.regularPrice') };
}

export function productListLabels(): ProductListLabels {
  return {
    ...cardLabels(),
    count: t('list.count'),
    more: t('list.more'),
    loading: t('list.loading'),
    end: t('list.end'),
    error: t('list.error'),
    retry: t('list.retry'),
    empty: t('list.empty'),
  };
}

export function brandFilterLabels(): BrandFilterLabels {
  return {
    title: t('filter.title'),
    selectedCount: t('filter.selectedCount'),
    search: t('filter.search'),
    brands: t('filter.brands'),
    more: t('filter.more'),
    reset: t('filter.reset'),
    noMatch: t('filter.noMatch'),
    selected: t('filter.selected'),
    officialSite: t('filter.officialSite'),
    officialSiteShort: t('brand.officialSite'),
    newTab: t('brand.newTab'),
  };
}

export function wishlistLabels(): WishlistLabels {
  return {
    ...cardLabels(),
    products: t('wishlist.products'),
    count: t('wishlist.count'),
    empty: t('wishlist.empty'),
    browse: t('wishlist.browse'),
    remove: t('wishlist.remove'),
    unavailable: t('wishlist.unavailable'),
  };
}
