// The dependency-direction check (rules in .dependency-cruiser.cjs), run by `npm test` and `npm run lint`.
// dependency-cruiser reads .ts, .tsx and .mjs but not .astro, whose imports sit in the frontmatter and in the
// <script>s Astro bundles. So this mirrors src/ into node_modules/.cache/architecture/, writing each .astro
// file as `<name>.astro.ts` with just that code (an import of `./X.astro` resolves to it there), and runs
// dependency-cruiser on the mirror. Violations name the real files.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, ROOT, runNode } from './lib.mjs';

const MIRROR = join(ROOT, 'node_modules/.cache/architecture');

/** The code of an .astro file that imports things: its frontmatter and every bundled <script>. */
export function astroCode(source) {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    // is:inline scripts and JSON data blocks are not bundled: their imports (there are none) do not count.
    .filter(([, attributes]) => !/\bis:inline\b|type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , body]) => body);
  return [frontmatter, ...scripts].join('\n');
}

function mirror(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      mirror(source, target);
    } else if (entry.name.endsWith('.astro')) {
      writeFileSync(`${target}.ts`, astroCode(readFileSync(source, 'utf8')));
    } else if (/\.(ts|tsx|mjs|js|json|d\.ts)$/.test(entry.name)) {
      cpSync(source, target);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  rmSync(MIRROR, { recursive: true, force: true });
  mkdirSync(join(MIRROR, 'src'), { recursive: true });
  mirror(join(ROOT, 'src'), join(MIRROR, 'src'));
  for (const file of ['tsconfig.json', '.dependency-cruiser.cjs'])
    cpSync(join(ROOT, file), join(MIRROR, file));
  symlinkSync(join(ROOT, 'node_modules'), join(MIRROR, 'node_modules'), 'dir');
  const { code, output } = await runNode(
    [bin('dependency-cruiser/bin/dependency-cruiser.mjs'), 'src', '--config', '.dependency-cruiser.cjs'],
    { cwd: MIRROR, quiet: true },
  );
  // Report the real file names: a mirrored `X.astro.ts` is `X.astro` in the tree.
  process.stdout.write(output.replaceAll('.astro.ts', '.astro'));
  if (code === 0) console.log('architecture: every import in src/ follows the rules');
  process.exit(code);
}
