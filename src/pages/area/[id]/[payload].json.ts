/** `/area/{id}/_payload.json`: the area page's data (AreaPayload in catalogue-payloads.ts). */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { catalogueProducts } from '../../../engine/catalogue/catalogue-data.ts';
import { areaPayload } from '../../../features/catalogue/catalogue-payloads.ts';
import { buildInfo } from '../../../lib/build-info.ts';
import type { Area } from '../../../lib/catalog/types.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../lib/payload.ts';

export async function getStaticPaths() {
  const areas = await getCollection('areas');
  return areas.map((entry) => ({
    params: { id: entry.id, payload: PAYLOAD_PARAM },
    props: { area: entry.data },
  }));
}

export const GET: APIRoute<{ area: Area }> = async ({ props }) => {
  const products = catalogueProducts();
  return payloadResponse(areaPayload(props.area, products, buildInfo().buildId));
};
