/**
 * The area page's brand filter, an island of its own inside the list's (ProductList's children): it wakes when
 * the shopper touches it, so a list woken to load its next pages loads no filter. It shares the page's list
 * state: a change reloads the list from page 1 (setTenantFilter in area-list-store.ts).
 */

import { useLayoutEffect } from 'react';
import { setTenantFilter, takeRestoredScroll } from './area-list-store.ts';
import { BrandFilter, type BrandFilterLabels } from './BrandFilter.tsx';
import type { BrandFilterIcons } from './brand-filter-icons.ts';
import { useListState } from './ProductList.tsx';
import type { BrandOption } from './product-list.ts';

interface Props {
  brands: BrandOption[];
  labels: BrandFilterLabels;
  icons: BrandFilterIcons;
}

const NONE: readonly number[] = [];

export default function AreaBrandFilter({ brands, labels, icons }: Props) {
  const state = useListState();
  const started = state !== null;
  // Back: the list put the page where the shopper was before this island showed the restored choice above
  // it; put it there again once the choice is shown.
  useLayoutEffect(() => {
    if (!started) return;
    const y = takeRestoredScroll();
    if (y !== null) window.scrollTo(0, y);
  }, [started]);
  return (
    <BrandFilter
      brands={brands}
      selected={state?.tenantIds ?? NONE}
      onChange={(ids) => void setTenantFilter(ids)}
      labels={labels}
      icons={icons}
      found={state?.status === 'loading' && state.nextPage === 1 ? undefined : state?.count}
    />
  );
}
