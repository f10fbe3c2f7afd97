/** `/product-tags/{id}/[page/N/]_payload.json`: one page of a tag (src/lib/payload.ts TagPayload). */
import type { APIRoute } from 'astro';
import type { TagPage } from '../../../../features/catalogue/tags.ts';
import { buildInfo } from '../../../../lib/build-info.ts';
import { PAYLOAD_PARAM, payloadResponse, productSummary, type TagPayload } from '../../../../lib/payload.ts';
import { allTagPages } from '../_tag-pages.ts';

export async function getStaticPaths() {
  return (await allTagPages()).map((page) => ({
    params: { id: String(page.tag.id), page: page.rest, payload: PAYLOAD_PARAM },
    props: { page },
  }));
}

export const GET: APIRoute<{ page: TagPage }> = ({ props: { page } }) => {
  const payload: TagPayload = {
    kind: 'tag',
    buildId: buildInfo().buildId,
    tag: page.tag,
    page: page.page,
    pageCount: page.pageCount,
    products: page.listings.map(({ product, areaId }) => productSummary(product, areaId)),
  };
  return payloadResponse(payload);
};
