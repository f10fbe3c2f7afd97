import { chargedTo, party } from './cpu-profile.mjs';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0, columnNumber: 0 });

describe("the CPU profile's charging of time to the code that caused it", () => {
  it("tells Astro's runtime chunks from the project's pages in the prerender bundle", () => {
    expect(party('file:///p/.astro/.prerender/chunks/server_Bssty4hl.mjs')).toBe('astro');
    expect(party('file:///p/.astro/.prerender/prerender-entry.Cfhyztgc.mjs')).toBe('astro');
    expect(party('file:///p/.astro/.prerender/chunks/catalogue-data_CLDKaNho.mjs')).toBe(
      'this project (pages and components)',
    );
    expect(party('file:///p/node_modules/astro/dist/core/build/generate.js')).toBe('astro');
    expect(party('file:///p/node_modules/@astrojs/sitemap/dist/index.js')).toBe('@astrojs/sitemap');
    expect(party('file:///p/src/lib/catalog/snapshot.ts')).toBe('this project');
    expect(party('node:internal/fs/promises')).toBeNull();
    expect(party('')).toBeNull();
  });

  it("counts Node's and native time for the nearest caller that is a package or the project", () => {
    // root → Astro's writer → node:fs → native write; root → a page → native read; root → GC; root → native.
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 5, 7, 8] },
        {
          id: 2,
          callFrame: frame('writeOutputFile', 'file:///p/node_modules/astro/dist/core/build/generate.js'),
          children: [3],
        },
        { id: 3, callFrame: frame('writeFile', 'node:internal/fs/promises'), children: [4] },
        { id: 4, callFrame: frame('writeBuffer', ''), children: [] },
        {
          id: 5,
          callFrame: frame('readEntry', 'file:///p/.astro/.prerender/chunks/catalogue-data_X.mjs'),
          children: [6],
        },
        { id: 6, callFrame: frame('readSync', ''), children: [] },
        { id: 7, callFrame: frame('(garbage collector)', ''), children: [] },
        { id: 8, callFrame: frame('close', ''), children: [] },
      ],
      samples: [4, 4, 3, 6, 5, 7, 8],
      // Microseconds since the previous sample: each sample's time is the next delta.
      timeDeltas: [0, 1000, 1000, 1000, 2000, 1000, 3000, 500],
    };
    expect(Object.fromEntries(chargedTo(profile))).toEqual({
      astro: 3,
      'this project (pages and components)': 3,
      '(garbage collector)': 3,
      '(Node or native, no package on the stack)': 0.5,
    });
  });
});
