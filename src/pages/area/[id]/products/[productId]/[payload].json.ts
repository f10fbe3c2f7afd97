/**
 * `/area/{id}/products/{productId}/_payload.json`: the product page's data (ProductPayload). In a build
 * these files are written by src/engine/files/product-payloads.ts from the same data, without a route per
 * file (Astro's fixed cost per route); this endpoint answers them in `astro dev`.
 */

import type { APIRoute } from 'astro';
import {
  type CatalogueProduct,
  catalogueEntry,
  catalogueIndex,
} from '../../../../../engine/catalogue/catalogue-data.ts';
import { productPayload } from '../../../../../features/product/product-payload.ts';
import { productPagePaths } from '../../../../../features/product/product-rules.ts';
import { buildInfo } from '../../../../../lib/build-info.ts';
import type { Area } from '../../../../../lib/catalog/types.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../../../lib/payload.ts';

export function getStaticPaths() {
  if (!import.meta.env.DEV) return [];
  const { products, areas } = catalogueIndex();
  return productPagePaths(products, areas).map((path) => ({
    ...path,
    params: { ...path.params, payload: PAYLOAD_PARAM },
  }));
}

export const GET: APIRoute<{ product: CatalogueProduct; area: Area }> = ({ props }) =>
  payloadResponse(productPayload(catalogueEntry(props.product).product, props.area.id, buildInfo().buildId));
