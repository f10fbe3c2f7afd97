import { gzipSync } from 'node:zlib';
import { pageJsFrom } from './js-bytes.mjs';

const files: Record<string, string> = {
  '/_astro/entry.js': 'import{a}from"./shared.js";const l=()=>import(`./lazy.js`);a(l);',
  '/_astro/shared.js': "export const a=(f)=>f;import'./side.js';",
  '/_astro/side.js': 'console.log(1);',
  '/_astro/lazy.js': "export const lazy=1;import('./lazier.js');",
  '/_astro/lazier.js': 'export const lazier=2;',
};

describe('the JavaScript counter of the budgets', () => {
  it('follows static imports and dynamic imports in any quotes, and inline scripts, once each', async () => {
    const html = `<script type="module" src="/_astro/entry.js"></script><script>var x=1</script>
      <script type="application/ld+json">{"a":1}</script><link rel="modulepreload" href="/_astro/shared.js">`;
    const js = await pageJsFrom(html, '/', async (url) => {
      const code = files[url];
      if (code === undefined) throw new Error(`no ${url}`);
      return code;
    });
    expect(js.urls.sort()).toEqual(Object.keys(files).sort());
    expect(js.inline).toBe(1);
    const all = ['var x=1', ...Object.values(files)];
    expect(js.raw).toBe(all.reduce((sum, code) => sum + Buffer.byteLength(code), 0));
    expect(js.gzip).toBe(all.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0));
  });
});
