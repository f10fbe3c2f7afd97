/** `/area/{id}/products/{productId}/_payload.json`: the product page's data (ProductPayload). */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { productPayload } from '../../../../../features/product/product-payload.ts';
import { productPagePaths } from '../../../../../features/product/product-rules.ts';
import { buildInfo } from '../../../../../lib/build-info.ts';
import type { Area, Product } from '../../../../../lib/catalog/types.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../../../lib/payload.ts';

export async function getStaticPaths() {
  const [products, areas] = await Promise.all([getCollection('products'), getCollection('areas')]);
  return productPagePaths(
    products.map((entry) => entry.data),
    areas.map((entry) => entry.data),
  ).map((path) => ({ ...path, params: { ...path.params, payload: PAYLOAD_PARAM } }));
}

export const GET: APIRoute<{ product: Product; area: Area }> = ({ props }) =>
  payloadResponse(productPayload(props.product, props.area.id, buildInfo().buildId));
