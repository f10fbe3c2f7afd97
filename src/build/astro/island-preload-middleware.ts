/**
 * The page middleware of island-preload.ts: adds the modulepreload links of a page's eager islands as the
 * page is built. `astro dev` serves modules unbundled and has no chunk graph: pages pass through there.
 */

import { defineMiddleware } from 'astro:middleware';
import { readFileSync } from 'node:fs';
import { type ChunkGraph, ISLAND_GRAPH_FILE, withIslandPreloads } from './island-preload.ts';

let graph: ChunkGraph | undefined;

function chunkGraph(): ChunkGraph {
  if (graph) return graph;
  const file = process.env[ISLAND_GRAPH_FILE];
  if (!file)
    throw new Error(`island-preload: ${ISLAND_GRAPH_FILE} is not set (is the integration configured?)`);
  graph = JSON.parse(readFileSync(file, 'utf8')) as ChunkGraph;
  return graph;
}

const ISLAND_TAG = Buffer.from('<astro-island');

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (import.meta.env.DEV || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  // Bytes first: most pages (every product page) have no island and are passed on without being decoded.
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!bytes.includes(ISLAND_TAG)) return new Response(bytes, response);
  return new Response(withIslandPreloads(bytes.toString('utf8'), chunkGraph()), response);
});
