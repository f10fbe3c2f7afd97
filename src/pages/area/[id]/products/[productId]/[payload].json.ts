/**
 * `/area/{id}/products/{productId}/_payload.json`: the product page's data (ProductPayload). In a build
 * these files are written by src/integrations/product-payloads.ts from the same data, without a route per
 * file (Astro's cost per route, docs/performance.md); this endpoint answers them in `astro dev`.
 */

import type { APIRoute } from 'astro';
import { productPayload } from '../../../../../features/product/product-payload.ts';
import { productPagePaths } from '../../../../../features/product/product-rules.ts';
import { buildInfo } from '../../../../../lib/build-info.ts';
import { catalogueSnapshot, type PreparedProduct } from '../../../../../lib/catalog/snapshot.ts';
import type { Area } from '../../../../../lib/catalog/types.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../../../lib/payload.ts';

export function getStaticPaths() {
  if (!import.meta.env.DEV) return [];
  const { products, areas } = catalogueSnapshot();
  return productPagePaths(products, areas).map((path) => ({
    ...path,
    params: { ...path.params, payload: PAYLOAD_PARAM },
  }));
}

export const GET: APIRoute<{ entry: PreparedProduct; area: Area }> = ({ props }) =>
  payloadResponse(productPayload(props.entry.product, props.area.id, buildInfo().buildId));
