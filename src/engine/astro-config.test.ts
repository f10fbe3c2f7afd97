import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The chunk groups of src/engine/chunk-groups.ts, read as Node loads them. */
function chunkGroups(): { name: string; source: string; flags: string }[] {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { CHUNK_GROUPS } = await import('./src/engine/chunk-groups.ts'); console.log(JSON.stringify(CHUNK_GROUPS.map((g) => ({ name: g.name, source: g.test.source, flags: g.test.flags }))));",
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]');
}

/** Every source file of the project, as a path the bundler sees. */
function sourceFiles(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const require = createRequire(join(root, 'package.json'));
/** The files React's islands are built from, as the packages resolve them. */
const REACT_FILES = [
  'react',
  'react/jsx-runtime',
  'react-dom/client',
  'scheduler',
  '@astrojs/react/client.js',
].map((name) => require.resolve(name));

describe("the client build's chunk groups", () => {
  const groups = chunkGroups();
  const test = (name: string) => {
    const group = groups.find((g) => g.name === name);
    if (!group) throw new Error(`no chunk group ${name}`);
    return new RegExp(group.source, group.flags);
  };

  it("put React, react-dom's client, the scheduler, the JSX runtime and Astro's renderer in one file", () => {
    for (const file of REACT_FILES) expect(file).toMatch(test('react'));
  });

  it('name, each, files that exist: a renamed file would leave its group empty', () => {
    const files = [...sourceFiles(), ...REACT_FILES, require.resolve('@nanostores/react')];
    for (const group of groups) {
      const matched = files.filter((file) => test(group.name).test(file));
      expect(matched.length, group.name).toBeGreaterThan(0);
    }
  });

  it('hold in the product list the list, its store and its next-page call, nothing the wishlist loads', () => {
    const list = sourceFiles().filter((file) => test('product-list').test(file));
    expect(list.map((file) => relative(root, file)).sort()).toEqual([
      'src/features/catalogue/ProductList.tsx',
      'src/features/catalogue/area-list-store.ts',
      'src/lib/catalog/product-list-lean.ts',
    ]);
  });
});
