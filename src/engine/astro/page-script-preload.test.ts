import { chunkList, readChunkList, scriptImports } from './page-script-preload.ts';

const PAGE_START = '/site/src/layouts/PageStart.astro';

/** A client build's chunks, as Astro names a component's script for the bundler. */
const list = chunkList([
  {
    fileName: '_astro/PageStart.astro_astro_type_script_index_0_lang.abc.js',
    facadeModuleId: `${PAGE_START}?astro&type=script&index=0&lang.ts`,
    imports: ['_astro/site.def.js'],
  },
  { fileName: '_astro/site.def.js', facadeModuleId: null, imports: ['_astro/storage.ghi.js'] },
  { fileName: '_astro/storage.ghi.js', facadeModuleId: null, imports: ['_astro/site.def.js'] },
  {
    fileName: '_astro/ProductList.jkl.js',
    facadeModuleId: '/site/src/features/catalogue/ProductList.tsx',
    imports: ['_astro/react.mno.js', '_astro/site.def.js'],
  },
  { fileName: '_astro/react.mno.js', facadeModuleId: null, imports: [] },
]);

describe("the layout's page script and the chunks it imports", () => {
  it("names every chunk the script imports statically, directly or not, once, and not the script's own file", () => {
    expect(scriptImports(list, PAGE_START)).toEqual(['/_astro/site.def.js', '/_astro/storage.ghi.js']);
  });

  it('leaves out what only the islands import (React stays with the island that wakes)', () => {
    expect(scriptImports(list, PAGE_START)).not.toContain('/_astro/react.mno.js');
  });

  it('fails loudly when no chunk comes from the component’s script (Astro named it otherwise)', () => {
    const renamed = chunkList([
      { fileName: '_astro/start.abc.js', facadeModuleId: `${PAGE_START}?script=0`, imports: [] },
    ]);
    expect(() => scriptImports(renamed, PAGE_START)).toThrow(/no chunk of the client build/);
  });

  it('fails loudly when the client build wrote no chunk list', () => {
    expect(() => readChunkList('/nonexistent/client-chunks.json')).toThrow(/wrote no chunk list/);
  });
});
