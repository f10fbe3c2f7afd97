/**
 * What every page starts with: the error handler first, then analytics, the version watch
 * (src/features/site/build-watch.ts), the header's bag count and the first-visit check, each in a `try` so
 * that a part that fails shows the error screen and the others still start. One module instead of one per
 * part keeps the plain pages' JavaScript small. Loaded as the layout's page script over the chunks it shares
 * with the islands (PageStart.astro), built whole on a page with nothing else (BaseLayout's `alone`), or
 * first inside a page's own script built whole (BaseLayout's `script`).
 */
import { startBagBadges } from '../features/bag/bag-badge.ts';
import { startOnboarding } from '../features/onboarding/onboarding-start.ts';
import { startVersionWatch } from '../features/site/build-watch.ts';
import { startErrorHandler, startTelemetryAnalytics } from '../features/telemetry/telemetry.ts';
import { failStartup } from '../lib/fatal-error.ts';

startErrorHandler();
for (const start of [startTelemetryAnalytics, startVersionWatch, startBagBadges, startOnboarding]) {
  try {
    start();
  } catch (error) {
    failStartup(error);
  }
}
