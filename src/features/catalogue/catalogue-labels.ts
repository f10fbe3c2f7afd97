/**
 * The strings the catalogue's islands show, in Japanese, built where the page renders (at build time).
 * Islands take them as props, so no catalogue of strings is shipped to the browser. Import only types from
 * here in island code.
 */
import { t } from '../../i18n/build-time.ts';
import { productCardLabels } from '../../ui/product-card-labels.ts';
import type { BrandFilterLabels } from './BrandFilter.tsx';
import type { ProductListLabels } from './ProductList.tsx';

export function productListLabels(): ProductListLabels {
  return {
    ...productCardLabels(),
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
    results: t('filter.results'),
    loading: t('list.loading'),
    noMatch: t('filter.noMatch'),
    selected: t('filter.selected'),
    officialSite: t('filter.officialSite'),
    officialSiteShort: t('brand.officialSite'),
    newTab: t('brand.newTab'),
  };
}
