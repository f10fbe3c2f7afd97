/**
 * Error reporting and analytics are switched on by public build-time configuration (`PUBLIC_…` variables:
 * they end up in every visitor's JavaScript, so they name services, never secrets). This module checks
 * those values and says which origins the content security policy must then allow: src/engine/storefront.ts adds
 * them only when the service is configured, so an unconfigured build allows no third party at all.
 */

/** Where Google Tag Manager's script comes from. */
export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/** The public configuration as the build read it; every field optional. */
export interface TelemetryEnv {
  PUBLIC_SENTRY_DSN?: string | undefined;
  PUBLIC_SENTRY_ENVIRONMENT?: string | undefined;
  PUBLIC_SENTRY_RELEASE?: string | undefined;
  PUBLIC_GTM_ID?: string | undefined;
}

/** What the pages' scripts are given: `dsn` and `containerId` only when valid. */
export interface TelemetryConfig {
  dsn: string | undefined;
  environment: string | undefined;
  release: string | undefined;
  containerId: string | undefined;
}

/** The origin error reports are sent to, or undefined for a missing or malformed DSN (http or https only). */
function dsnOrigin(dsn: string | undefined): string | undefined {
  if (!dsn || /[\s'"]/.test(dsn)) return undefined;
  try {
    const url = new URL(dsn);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.username) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** A Google Tag Manager container id: `GTM-` and a few capitals and digits. */
function isContainerId(value: string | undefined): value is string {
  return typeof value === 'string' && /^GTM-[A-Z0-9]{4,12}$/.test(value);
}

/** A label for the environment or the release: printable, short, no spaces (else dropped). */
function label(value: string | undefined): string | undefined {
  return value && /^[\w.@+:/-]{1,100}$/.test(value) ? value : undefined;
}

/**
 * The build's configuration, checked: throws a message naming the variable for a malformed value, so a
 * typo fails the build instead of silently switching a service off (src/engine/storefront.ts calls telemetryCsp,
 * which checks; the pages then take the values as they are).
 */
function checkedTelemetryConfig(env: TelemetryEnv): TelemetryConfig {
  const config = telemetryConfig(env);
  const wrong = (name: keyof TelemetryEnv, value: unknown, what: string) => {
    if (env[name] && value === undefined)
      throw new Error(`${name} is not ${what}: ${JSON.stringify(env[name])}`);
  };
  wrong('PUBLIC_SENTRY_DSN', config.dsn, 'a DSN (https://key@host/project)');
  wrong('PUBLIC_SENTRY_ENVIRONMENT', config.environment, 'a short label without spaces');
  wrong('PUBLIC_SENTRY_RELEASE', config.release, 'a short label without spaces');
  wrong('PUBLIC_GTM_ID', config.containerId, 'a container id (GTM-XXXXXXX)');
  return config;
}

/** The configuration with an invalid DSN or container id switched off. */
export function telemetryConfig(env: TelemetryEnv): TelemetryConfig {
  return {
    dsn: dsnOrigin(env.PUBLIC_SENTRY_DSN) ? env.PUBLIC_SENTRY_DSN : undefined,
    environment: label(env.PUBLIC_SENTRY_ENVIRONMENT),
    release: label(env.PUBLIC_SENTRY_RELEASE),
    containerId: isContainerId(env.PUBLIC_GTM_ID) ? env.PUBLIC_GTM_ID : undefined,
  };
}

/**
 * The sources the policy gains for this configuration: the DSN's origin in connect-src; with a tag
 * manager, its script origin in script-src and the Google Analytics endpoints its tags send to in
 * connect-src (images are already allowed from any https origin).
 */
export function telemetryCsp(env: TelemetryEnv): { connectSrc: string[]; scriptSrc: string[] } {
  const config = checkedTelemetryConfig(env);
  const connectSrc: string[] = [];
  const scriptSrc: string[] = [];
  const origin = dsnOrigin(config.dsn);
  if (origin) connectSrc.push(origin);
  if (config.containerId) {
    scriptSrc.push(GTM_ORIGIN);
    connectSrc.push(GTM_ORIGIN, 'https://*.google-analytics.com', 'https://*.analytics.google.com');
  }
  return { connectSrc, scriptSrc };
}
