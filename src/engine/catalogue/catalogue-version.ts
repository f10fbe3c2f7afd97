/**
 * Records which catalogue version a build was made from, read from the catalog API before anything loads:
 * `/_build/latest.json` publishes it (`catalogVersion`), and the scheduled rebuild
 * (netlify/functions/scheduled-rebuild.mts) builds again only when the API's version differs. A change
 * during the build is therefore never taken as built. When the API cannot say, the build records null and
 * the next check rebuilds. The time the catalogue last changed (`CATALOG_UPDATED_AT`) is the sitemap's
 * `<lastmod>`: the same for every build of one catalogue, so a rebuild of an unchanged catalogue writes the
 * same sitemap.
 */
import type { AstroIntegration } from 'astro';
import { handedOn, handOn } from '../../lib/build-info.ts';
import { getCatalogVersion } from '../../lib/catalog/catalogue.ts';

export default function catalogueVersion(): AstroIntegration {
  return {
    name: 'catalog-version',
    hooks: {
      'astro:config:setup': async ({ command, logger }) => {
        // A caller (the publisher, the golden output) may have given either already: it stands.
        const given = { version: handedOn('catalogVersion'), updatedAt: handedOn('catalogUpdatedAt') };
        if (command !== 'build' || (given.version && given.updatedAt)) return;
        try {
          const { version, updatedAt } = await getCatalogVersion();
          handOn({
            catalogVersion: given.version ?? version,
            catalogUpdatedAt: given.updatedAt ?? updatedAt,
          });
          logger.info(`catalogue version ${given.version ?? version}`);
        } catch (error) {
          logger.warn(`the catalog API did not give its version (${String(error)}); the next check rebuilds`);
        }
      },
    },
  };
}
