// Type-checks the project, .astro files included: `astro check` (the TypeScript of every .ts, .tsx and .astro
// file under the tsconfig). It syncs Astro's content types first; the content layer holds the editors'
// Markdown only, so no catalog API is needed. Only errors fail it; hints are not shown.
//
// `--in-copy` checks a copy of the working tree instead (copyWorkingTree), whose `.astro/` folder is its
// own: `npm test` runs it so beside the end-to-end step's build of the checkout.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, copyWorkingTree, ROOT, runNode } from './lib.mjs';

let cwd = ROOT;
let work;
if (process.argv.includes('--in-copy')) {
  work = await mkdtemp(join(tmpdir(), 'typecheck-'));
  cwd = join(work, 'site');
  await copyWorkingTree(cwd);
}
try {
  const { code } = await runNode([bin('astro/bin/astro.mjs'), 'check', '--minimumSeverity', 'warning'], {
    cwd,
  });
  process.exitCode = code;
} finally {
  if (work) await rm(work, { recursive: true, force: true });
}
