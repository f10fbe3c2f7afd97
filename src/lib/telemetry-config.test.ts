import { describe, expect, it } from 'vitest';
import { GTM_ORIGIN, telemetryConfig, telemetryCsp } from './telemetry-config.ts';

describe('error reporting and analytics are switched on by public configuration', () => {
  it('with nothing configured, both are off and the policy allows no third party', () => {
    expect(telemetryConfig({})).toEqual({
      dsn: undefined,
      environment: undefined,
      release: undefined,
      containerId: undefined,
    });
    expect(telemetryCsp({})).toEqual({ connectSrc: [], scriptSrc: [] });
  });

  it('a DSN allows its origin in connect-src, and only that', () => {
    const env = {
      PUBLIC_SENTRY_DSN: 'https://abc123@o1.ingest.example.io/42',
      PUBLIC_SENTRY_ENVIRONMENT: 'production',
      PUBLIC_SENTRY_RELEASE: 'gift-catalogue@1.2.3',
    };
    expect(telemetryConfig(env)).toMatchObject({
      dsn: env.PUBLIC_SENTRY_DSN,
      environment: 'production',
      release: 'gift-catalogue@1.2.3',
    });
    expect(telemetryCsp(env)).toEqual({ connectSrc: ['https://o1.ingest.example.io'], scriptSrc: [] });
  });

  it.each([
    'not a url',
    'javascript:alert(1)',
    'https://o1.ingest.example.io/42',
    "https://k@a.example.io/1 'unsafe-inline'",
  ])('a malformed DSN (%s) is refused', (dsn) => {
    expect(telemetryConfig({ PUBLIC_SENTRY_DSN: dsn }).dsn).toBeUndefined();
    expect(() => telemetryCsp({ PUBLIC_SENTRY_DSN: dsn })).toThrow(/PUBLIC_SENTRY_DSN/);
  });

  it('a container id loads the tag manager from its origin; a malformed one is refused', () => {
    expect(telemetryCsp({ PUBLIC_GTM_ID: 'GTM-AB12CD3' }).scriptSrc).toEqual([GTM_ORIGIN]);
    expect(telemetryConfig({ PUBLIC_GTM_ID: 'GTM-AB12CD3' }).containerId).toBe('GTM-AB12CD3');
    expect(telemetryConfig({ PUBLIC_GTM_ID: 'GTM-x"><script>' }).containerId).toBeUndefined();
    expect(() => telemetryCsp({ PUBLIC_GTM_ID: "GTM-1; script-src 'unsafe-inline'" })).toThrow(
      /PUBLIC_GTM_ID/,
    );
  });

  it('an environment or release with spaces or markup is dropped', () => {
    expect(telemetryConfig({ PUBLIC_SENTRY_RELEASE: 'a b' }).release).toBeUndefined();
    expect(telemetryConfig({ PUBLIC_SENTRY_ENVIRONMENT: '<b>' }).environment).toBeUndefined();
  });
});

describe('the build checks the configuration', () => {
  it('fails on a malformed value, naming the variable', () => {
    expect(() => telemetryCsp({ PUBLIC_SENTRY_DSN: 'sentry.example.io' })).toThrow(
      /PUBLIC_SENTRY_DSN is not a DSN/,
    );
    expect(() => telemetryCsp({ PUBLIC_GTM_ID: 'UA-1234' })).toThrow(/PUBLIC_GTM_ID is not a container id/);
    expect(() => telemetryCsp({ PUBLIC_SENTRY_RELEASE: 'v 1' })).toThrow(/PUBLIC_SENTRY_RELEASE/);
  });
});
