import { describe, expect, it } from 'vitest';
import {
  type ChunkGraph,
  chunkGraph,
  eagerIslandModules,
  staticClosure,
  withIslandPreloads,
} from './island-preload.ts';

const graph: ChunkGraph = {
  '_astro/ChatApp.a.js': ['_astro/react.b.js', '_astro/ChatScreen.c.js'],
  '_astro/ChatScreen.c.js': ['_astro/react.b.js', '_astro/i18n.d.js'],
  '_astro/i18n.d.js': [],
  '_astro/react.b.js': ['_astro/runtime.e.js'],
  '_astro/runtime.e.js': [],
  '_astro/client.f.js': ['_astro/react.b.js'],
  '_astro/List.g.js': ['_astro/react.b.js', '_astro/card.h.js'],
  '_astro/card.h.js': [],
};

const island = (client: string, component: string) =>
  `<astro-island uid="x" component-url="/_astro/${component}" component-export="default" renderer-url="/_astro/client.f.js" props="{}" client="${client}" opts="{}"></astro-island>`;

const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

describe('the modules of islands that load with the page, named in its head', () => {
  it('follows static imports to the end, each module once, the component first', () => {
    expect(staticClosure(graph, ['_astro/ChatApp.a.js'])).toEqual([
      '_astro/ChatApp.a.js',
      '_astro/react.b.js',
      '_astro/runtime.e.js',
      '_astro/ChatScreen.c.js',
      '_astro/i18n.d.js',
    ]);
  });

  it('takes `client:only` and `client:load` islands with their renderer', () => {
    expect(eagerIslandModules(page(island('only', 'ChatApp.a.js')), graph)).toEqual([
      '/_astro/ChatApp.a.js',
      '/_astro/react.b.js',
      '/_astro/runtime.e.js',
      '/_astro/ChatScreen.c.js',
      '/_astro/i18n.d.js',
      '/_astro/client.f.js',
    ]);
    expect(eagerIslandModules(page(island('load', 'List.g.js')), graph)).toContain('/_astro/card.h.js');
  });

  it('leaves islands that wake later alone: a list that wakes when needed loads nothing early', () => {
    for (const client of ['when-needed', 'visible', 'idle', 'media']) {
      expect(eagerIslandModules(page(island(client, 'List.g.js')), graph)).toEqual([]);
    }
    expect(withIslandPreloads(page(island('when-needed', 'List.g.js')), graph)).toBe(
      page(island('when-needed', 'List.g.js')),
    );
  });

  it('writes low-priority module preloads at the end of the head, after the stylesheet the first paint needs', () => {
    const html = withIslandPreloads(
      page(island('only', 'ChatApp.a.js') + island('load', 'List.g.js')),
      graph,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    const links = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/g)].map(
      ([, href]) => href,
    );
    expect(links).toEqual([
      '/_astro/ChatApp.a.js',
      '/_astro/react.b.js',
      '/_astro/runtime.e.js',
      '/_astro/ChatScreen.c.js',
      '/_astro/i18n.d.js',
      '/_astro/client.f.js',
      '/_astro/List.g.js',
      '/_astro/card.h.js',
    ]);
    expect(html.slice(html.indexOf('</head>'))).toBe(
      `</head><body>${island('only', 'ChatApp.a.js')}${island('load', 'List.g.js')}</body></html>`,
    );
  });

  it('names only modules of this build: a URL outside the chunk graph is not preloaded', () => {
    expect(eagerIslandModules(page(island('only', 'Gone.z.js')), graph)).toEqual([
      '/_astro/client.f.js',
      '/_astro/react.b.js',
      '/_astro/runtime.e.js',
    ]);
  });

  it("reads a bundle's chunks and their static imports, not its assets or dynamic imports", () => {
    expect(
      chunkGraph({
        a: { type: 'chunk', fileName: '_astro/a.js', imports: ['_astro/b.js'] },
        b: { type: 'chunk', fileName: '_astro/b.js', imports: [] },
        c: { type: 'asset', fileName: '_astro/c.css' },
      }),
    ).toEqual({ '_astro/a.js': ['_astro/b.js'], '_astro/b.js': [] });
  });
});
