/**
 * Starts loading the catalogue on a thread of its own as soon as `astro build` or `astro dev` has read its
 * configuration (catalogue-load.ts), so the fetching, the checks and the snapshot use the second core while
 * Astro starts, syncs its content and bundles the site. Both read the catalogue the same way: from the
 * snapshot, through catalogue-data.ts. `astro sync` and `astro check` need no catalogue.
 *
 * The build never publishes a catalogue that failed a check: the pages read the catalogue only from a
 * snapshot written after every check. A build ends as soon as its catalogue is refused, with the one line
 * naming why: nothing is bundled or rendered for a catalogue that will not be published (`astro dev` keeps
 * serving; its pages say why).
 */
import type { AstroIntegration } from 'astro';
import { type CatalogueLoad, startCatalogueLoad } from './catalogue-load.ts';

/** Ends the build with the line a refused catalogue fails it with, as Astro's CLI ends it on an error. */
function endBuild(line: string): void {
  console.error(line);
  process.exit(1);
}

/** `end`: what a build whose catalogue is refused does with the line (ends the process). */
export default function catalogueLoad(end: (line: string) => void = endBuild): AstroIntegration {
  let load: CatalogueLoad | undefined;
  return {
    name: 'catalogue-load',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command === 'build' || command === 'dev') load = startCatalogueLoad();
        if (command === 'build') load?.written.catch((error: Error) => end(error.message));
      },
      'astro:build:done': async ({ logger }) => {
        if (!load) return;
        // Rejects with the one line naming what was refused. Logged here, not when the load ends: the
        // pages are being listed then.
        const { products, processed, ms } = await load.written;
        logger.info(
          `snapshot of ${products} products (${processed} processed, ${products - processed} unchanged), lists loaded and checked in ${ms} ms`,
        );
      },
    },
  };
}
