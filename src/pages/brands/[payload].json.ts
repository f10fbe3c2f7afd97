/** `/brands/_payload.json`: every brand with its product count (src/lib/payload.ts BrandsPayload). */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { buildInfo } from '../../lib/build-info.ts';
import { brandList } from '../../lib/catalog/brands.ts';
import { listings } from '../../lib/catalog/tags.ts';
import { type BrandsPayload, PAYLOAD_PARAM, payloadResponse } from '../../lib/payload.ts';

export function getStaticPaths() {
  return [{ params: { payload: PAYLOAD_PARAM } }];
}

export const GET: APIRoute = async () => {
  const [tenants, products, areas] = await Promise.all([
    getCollection('tenants'),
    getCollection('products'),
    getCollection('areas'),
  ]);
  const brands = brandList(
    tenants.map((entry) => entry.data),
    listings(
      products.map((entry) => entry.data),
      areas.map((entry) => entry.data.id),
    ),
  );
  const payload: BrandsPayload = {
    kind: 'brands',
    buildId: buildInfo().buildId,
    brands: brands.map(({ tenant, productCount }) => ({ ...tenant, productCount })),
  };
  return payloadResponse(payload);
};
