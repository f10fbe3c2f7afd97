/** The brand list (`/brands/`): every tenant with how many of its products the catalogue lists. */

import type { Tenant } from '../../lib/catalog/types.ts';
import type { TagListing } from './tags.ts';

export interface BrandEntry {
  tenant: Tenant;
  productCount: number;
}

/** Every tenant in id order with its listed products counted; a tenant with none is still listed. */
export function brandList(tenants: readonly Tenant[], listed: readonly TagListing[]): BrandEntry[] {
  const counts = new Map<number, number>();
  for (const { product } of listed) counts.set(product.tenant.id, (counts.get(product.tenant.id) ?? 0) + 1);
  return [...tenants]
    .sort((a, b) => a.id - b.id)
    .map((tenant) => ({ tenant, productCount: counts.get(tenant.id) ?? 0 }));
}
