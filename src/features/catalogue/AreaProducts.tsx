/** The area page's island: the brand filter over the product list, sharing the page's list state. */

import { setTenantFilter } from './area-list-store.ts';
import { BrandFilter, type BrandFilterLabels } from './BrandFilter.tsx';
import { type ProductListProps, ProductListView, useProductList } from './ProductList.tsx';
import type { BrandOption } from './product-list.ts';

interface Props extends ProductListProps {
  areaId: number;
  brands: BrandOption[];
  filterLabels: BrandFilterLabels;
}

export default function AreaProducts({ brands, filterLabels, labels, ...list }: Props) {
  const state = useProductList(list);
  return (
    <>
      {brands.length > 1 && (
        <BrandFilter
          brands={brands}
          selected={state.tenantIds}
          onChange={(ids) => void setTenantFilter(ids)}
          labels={filterLabels}
        />
      )}
      {/* The area's own picture leads the page: the cards' pictures wait behind it. */}
      <ProductListView state={state} labels={labels} pictures="behind" />
    </>
  );
}
