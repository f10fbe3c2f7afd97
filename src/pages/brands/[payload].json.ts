/** `/brands/_payload.json`: every brand with its product count (BrandsPayload in catalogue-payloads.ts). */

import type { APIRoute } from 'astro';
import { loadBrandList } from '../../engine/catalogue/catalogue-data.ts';
import type { BrandsPayload } from '../../features/catalogue/catalogue-payloads.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../lib/payload.ts';

export function getStaticPaths() {
  return [{ params: { payload: PAYLOAD_PARAM } }];
}

export const GET: APIRoute = async () => {
  const brands = await loadBrandList();
  const payload: BrandsPayload = {
    kind: 'brands',
    brands: brands.map(({ tenant, productCount }) => ({ ...tenant, productCount })),
  };
  return payloadResponse(payload);
};
