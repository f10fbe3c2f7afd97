/** `/_payload.json`: the home page's data (HomePayload in catalogue-payloads.ts). */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { catalogueAreas, catalogueProducts, catalogueTenants } from '../engine/catalogue/catalogue-data.ts';
import { sortAreas } from '../features/catalogue/catalogue-pages.ts';
import type { HomePayload } from '../features/catalogue/catalogue-payloads.ts';
import { deriveTags, listings } from '../features/catalogue/tags.ts';
import { buildInfo } from '../lib/build-info.ts';
import { currentTheme } from '../lib/content.ts';
import { PAYLOAD_PARAM, payloadResponse } from '../lib/payload.ts';

export function getStaticPaths() {
  return [{ params: { payload: PAYLOAD_PARAM } }];
}

export const GET: APIRoute = async () => {
  const themes = await getCollection('theme');
  const areas = sortAreas(catalogueAreas());
  const theme = currentTheme(themes, new Date(buildInfo().builtAt)).data;
  const payload: HomePayload = {
    kind: 'home',
    theme: { title: theme.title, launchedAt: theme.launchedAt.toISOString() },
    areas,
    brands: catalogueTenants()
      .map(({ id, name, logoSrc, officialSiteUrl }) => ({ id, name, logoSrc, officialSiteUrl }))
      .sort((a, b) => a.id - b.id),
    tags: deriveTags(
      listings(
        catalogueProducts(),
        areas.map((area) => area.id),
      ),
    ),
  };
  return payloadResponse(payload);
};
