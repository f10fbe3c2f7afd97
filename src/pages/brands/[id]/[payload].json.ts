/** `/brands/{id}/_payload.json`: the brand page's data (BrandPayload in catalogue-payloads.ts). */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { catalogueProducts } from '../../../engine/catalogue/catalogue-data.ts';
import { brandPayload } from '../../../features/catalogue/catalogue-payloads.ts';
import { buildInfo } from '../../../lib/build-info.ts';
import type { Tenant } from '../../../lib/catalog/types.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../lib/payload.ts';

export async function getStaticPaths() {
  const tenants = await getCollection('tenants');
  return tenants
    .filter((entry) => /^\d+$/.test(entry.id))
    .map((entry) => ({ params: { id: entry.id, payload: PAYLOAD_PARAM }, props: { tenant: entry.data } }));
}

export const GET: APIRoute<{ tenant: Tenant }> = async ({ props }) => {
  const products = catalogueProducts();
  return payloadResponse(brandPayload(props.tenant, products, buildInfo().buildId));
};
