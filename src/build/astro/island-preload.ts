/**
 * An island hydrated as the page loads (`client:load`, `client:only`) is fetched by Astro's island
 * element, which imports its component's module; the browser learns of that module's own imports only
 * once it has it, and of theirs one round trip later: chat's screen came in five waves of requests, each a
 * round trip on a phone's network before anything could be drawn. This integration names, in the page's
 * `<head>`, every module such an island imports statically (`<link rel="modulepreload">`), so that the
 * browser asks for them all at once, with the page.
 *
 * The client build's chunk graph (each chunk's static imports) is written by a Vite plugin to a file the
 * page middleware reads (`ISLAND_GRAPH_FILE`), since pages are rendered after the client build. Islands
 * that wake later (`client:when-needed`, `client:visible`, `client:idle`) are left alone: preloading them
 * would load what their page defers. Dynamic imports (a language's strings, a lazy dialog) stay lazy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Each built chunk (path under the site root, without the leading slash) and the chunks it imports statically. */
export type ChunkGraph = Record<string, readonly string[]>;

/** The environment variable naming the file the chunk graph is written to. */
export const ISLAND_GRAPH_FILE = 'ISLAND_GRAPH_FILE';

/** Directives whose island loads with the page. */
const EAGER = new Set(['load', 'only']);
const ISLAND = /<astro-island\b[^>]*>/g;
const ATTRIBUTE = /\s([a-z-]+)="([^"]*)"/g;

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(ATTRIBUTE)].map(([, name, value]) => [name ?? '', value ?? '']));
}

/** The entries and every chunk they import statically, entries first, each once. */
export function staticClosure(graph: ChunkGraph, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (chunk: string) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const imported of graph[chunk] ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/**
 * The modules a page's eager islands load before they can draw: each island's component and renderer
 * with everything they import statically, as site paths (`/_astro/…`), in first-needed order.
 */
export function eagerIslandModules(html: string, graph: ChunkGraph): string[] {
  const entries: string[] = [];
  for (const [tag] of html.matchAll(ISLAND)) {
    const attrs = attributes(tag);
    if (!EAGER.has(attrs.get('client') ?? '')) continue;
    for (const url of [attrs.get('component-url'), attrs.get('renderer-url')]) {
      if (url?.startsWith('/')) entries.push(url.slice(1));
    }
  }
  return staticClosure(graph, entries)
    .filter((chunk) => chunk in graph)
    .map((chunk) => `/${chunk}`);
}

/** The page with a `<link rel="modulepreload">` per module its eager islands load, at the end of `<head>`. */
export function withIslandPreloads(html: string, graph: ChunkGraph): string {
  const modules = eagerIslandModules(html, graph);
  const end = html.indexOf('</head>');
  if (modules.length === 0 || end === -1) return html;
  const links = modules
    .map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`)
    .join('');
  return `${html.slice(0, end)}${links}${html.slice(end)}`;
}

interface OutputChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: readonly string[];
}

/** The static import graph of a client bundle's chunks. */
export function chunkGraph(bundle: Record<string, OutputChunk>): ChunkGraph {
  const graph: ChunkGraph = {};
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') graph[output.fileName] = [...(output.imports ?? [])];
  }
  return graph;
}

export default function islandPreload(): AstroIntegration {
  let graphFile = '';
  return {
    name: 'island-preload',
    hooks: {
      'astro:config:setup': ({ config, addMiddleware }) => {
        graphFile = join(fileURLToPath(config.cacheDir), 'island-graph.json');
        process.env[ISLAND_GRAPH_FILE] = graphFile;
        addMiddleware({
          entrypoint: fileURLToPath(new URL('./island-preload-middleware.ts', import.meta.url)),
          order: 'post',
        });
      },
      'astro:build:setup': ({ vite }) => {
        vite.plugins ??= [];
        vite.plugins.push({
          name: 'island-preload',
          apply: 'build',
          applyToEnvironment: (environment) => environment.name === 'client',
          generateBundle(_options, bundle) {
            mkdirSync(dirname(graphFile), { recursive: true });
            writeFileSync(graphFile, JSON.stringify(chunkGraph(bundle as Record<string, OutputChunk>)));
          },
        });
      },
    },
  };
}
