/**
 * What every page starts with, the layout's one page script (PageStart.astro): the error handler first, then
 * analytics, the version watch (src/features/site/build-watch.ts), the header's bag count and the first-visit
 * check, each in a `try` so that a part that fails shows the error screen and the others still start. One
 * module instead of one per part keeps the plain pages' JavaScript small. A page with a script of its own
 * built whole (BaseLayout's `script`) imports this first.
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
