/** `/area/{id}/_payload.json`: the area page's data (AreaPayload in catalogue-payloads.ts). */

import type { APIRoute } from 'astro';
import { catalogueAreas, catalogueProducts } from '../../../engine/catalogue/catalogue-data.ts';
import { areaPayload } from '../../../features/catalogue/catalogue-payloads.ts';
import type { Area } from '../../../lib/catalog/types.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../lib/payload.ts';

export async function getStaticPaths() {
  return catalogueAreas().map((area) => ({
    params: { id: String(area.id), payload: PAYLOAD_PARAM },
    props: { area },
  }));
}

export const GET: APIRoute<{ area: Area }> = async ({ props }) => {
  const products = catalogueProducts();
  return payloadResponse(areaPayload(props.area, products));
};
