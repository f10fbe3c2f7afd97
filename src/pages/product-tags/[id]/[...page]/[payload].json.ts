/** `/product-tags/{id}/[page/N/]_payload.json`: one page of a tag. */
import type { APIRoute } from 'astro';
import { loadTagPages } from '../../../../engine/catalogue/catalogue-data.ts';
import { tagPayload } from '../../../../features/catalogue/catalogue-payloads.ts';
import type { TagPage } from '../../../../features/catalogue/tags.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../../../../lib/payload.ts';

export async function getStaticPaths() {
  return (await loadTagPages()).map((page) => ({
    params: { id: String(page.tag.id), page: page.rest, payload: PAYLOAD_PARAM },
    props: { page },
  }));
}

export const GET: APIRoute<{ page: TagPage }> = ({ props: { page } }) => payloadResponse(tagPayload(page));
