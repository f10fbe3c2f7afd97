/** The area page's island: the brand filter over the product list, sharing the page's list state. */

import { setTenantFilter } from './area-list-store.ts';
import { BrandFilter, type BrandFilterLabels } from './BrandFilter.tsx';
import type { BrandFilterIcons } from './brand-filter-icons.ts';
import { type ProductListProps, ProductListView, useProductList } from './ProductList.tsx';
import type { BrandOption } from './product-list.ts';

interface Props extends ProductListProps {
  areaId: number;
  brands: BrandOption[];
  filterLabels: BrandFilterLabels;
  filterIcons: BrandFilterIcons;
}

export default function AreaProducts({ brands, filterLabels, filterIcons, labels, ...list }: Props) {
  const state = useProductList(list);
  return (
    <>
      {brands.length > 1 && (
        <BrandFilter
          brands={brands}
          selected={state.tenantIds}
          onChange={(ids) => void setTenantFilter(ids)}
          labels={filterLabels}
          icons={filterIcons}
        />
      )}
      <ProductListView state={state} labels={labels} />
    </>
  );
}
