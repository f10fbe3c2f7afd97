/**
 * Error reporting and analytics as every page starts them, with the configuration the build read from the
 * public environment. The build checked it already (src/engine/storefront.ts fails on a malformed value, see
 * src/lib/telemetry-config.ts), so the page takes it as it is and carries no checking code.
 */
import type { TelemetryConfig } from '../../lib/telemetry-config.ts';
import { startAnalytics } from './analytics.ts';
import { listenForErrors } from './error-listener.ts';

const config: TelemetryConfig = {
  dsn: import.meta.env.PUBLIC_SENTRY_DSN || undefined,
  environment: import.meta.env.PUBLIC_SENTRY_ENVIRONMENT || undefined,
  release: import.meta.env.PUBLIC_SENTRY_RELEASE || undefined,
  containerId: import.meta.env.PUBLIC_GTM_ID || undefined,
};

/** The error handler first, so that anything failing after it (analytics included) is caught. */
export function startErrorHandler(): void {
  listenForErrors(config);
}

export function startTelemetryAnalytics(): void {
  startAnalytics(config);
}
