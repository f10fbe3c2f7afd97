// Type-checks the project, .astro files included: `astro check` (the TypeScript of every .ts, .tsx and .astro
// file under the tsconfig). It syncs Astro's content types first; the content layer holds the editors'
// Markdown only, so no catalog API is needed. Only errors fail it; hints are not shown.
import { bin, runNode } from './lib.mjs';

const { code } = await runNode([bin('astro/bin/astro.mjs'), 'check', '--minimumSeverity', 'warning']);
process.exit(code);
