/** `/brands/{id}/_payload.json`: the brand page's data (BrandPayload in catalogue-payloads.ts). */

import type { APIRoute } from 'astro';
import { catalogueProducts, catalogueTenants } from '../../../engine/catalogue/catalogue-data.ts';
import { brandPayload } from '../../../features/catalogue/catalogue-payloads.ts';
import type { Tenant } from '../../../lib/catalog/types.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../lib/payload.ts';

export async function getStaticPaths() {
  return catalogueTenants()
    .filter((tenant) => /^\d+$/.test(String(tenant.id)))
    .map((tenant) => ({ params: { id: String(tenant.id), payload: PAYLOAD_PARAM }, props: { tenant } }));
}

export const GET: APIRoute<{ tenant: Tenant }> = async ({ props }) => {
  const products = catalogueProducts();
  return payloadResponse(brandPayload(props.tenant, products));
};
