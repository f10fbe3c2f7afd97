import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import sourceMaps, { type SourceMapUpload, sentryOptions, sourceMapUpload } from './source-maps.ts';

// Sentry's plugin is replaced by a recorder: a test never runs an upload (it would call out to Sentry).
const made = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('@sentry/vite-plugin', () => ({
  sentryVitePlugin: (options: unknown) => {
    made.options.push(options);
    return [{ name: 'sentry-stand-in', enforce: 'post' as const }];
  },
}));

const configured = {
  SENTRY_AUTH_TOKEN: 'sntrys_token',
  SENTRY_ORG: 'store',
  SENTRY_PROJECT: 'storefront',
  PUBLIC_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/1',
};
const upload = sourceMapUpload(configured, 'b1') as SourceMapUpload;

type Hooks = Required<AstroIntegration['hooks']>;
const logger = () => ({ info: vi.fn(), warn: vi.fn() });

describe('source maps for error reports', () => {
  it('are made and uploaded only with a token, an organisation, a project and error reporting on', () => {
    expect(sourceMapUpload({}, 'b1')).toBeUndefined();
    for (const name of Object.keys(configured)) {
      expect(sourceMapUpload({ ...configured, [name]: undefined }, 'b1'), name).toBeUndefined();
    }
    expect(upload).toEqual({
      authToken: 'sntrys_token',
      org: 'store',
      project: 'storefront',
      url: undefined,
      release: 'b1',
    });
  });

  it("are uploaded for the configured release, else for the code's version the pages carry", () => {
    expect(sourceMapUpload({ ...configured, PUBLIC_SENTRY_RELEASE: 'spring' }, 'b1')?.release).toBe('spring');
    expect(sourceMapUpload({ ...configured, SENTRY_URL: 'https://sentry.store.example' }, 'b1')?.url).toBe(
      'https://sentry.store.example',
    );
  });

  it("are matched by release and the bundles' URLs, adding nothing to the bundles", () => {
    const options = sentryOptions(upload, '/site/dist/_astro', () => {});
    expect(options.sourcemaps).toEqual({ disable: true });
    expect(options.release).toMatchObject({
      name: 'b1',
      inject: false,
      uploadLegacySourcemaps: { paths: ['/site/dist/_astro'], urlPrefix: '~/_astro' },
    });
    expect(options.telemetry).toBe(false);
  });

  it("are built hidden for the browser's bundles only, with Sentry's plugin, when configured", async () => {
    const updateConfig = vi.fn();
    const setup = sourceMaps(upload, '/site/dist').hooks['astro:config:setup'] as unknown as (
      o: object,
    ) => Promise<void>;
    await setup({ command: 'build', updateConfig });
    const { vite } = (updateConfig.mock.calls[0] ?? [])[0] as {
      vite: {
        plugins: { name: string; applyToEnvironment: (e: { name: string }) => boolean }[];
        environments: unknown;
      };
    };
    expect(vite.environments).toEqual({ client: { build: { sourcemap: 'hidden' } } });
    expect(vite.plugins.map((plugin) => plugin.name)).toEqual(['sentry-stand-in']);
    expect(vite.plugins[0]?.applyToEnvironment({ name: 'client' })).toBe(true);
    expect(vite.plugins[0]?.applyToEnvironment({ name: 'prerender' })).toBe(false);
    expect(made.options.at(-1)).toMatchObject({
      authToken: 'sntrys_token',
      org: 'store',
      project: 'storefront',
    });
  });

  it('change nothing without a token, and nothing under astro dev', async () => {
    const updateConfig = vi.fn();
    const unconfigured = sourceMaps(undefined, '/site/dist').hooks as Hooks;
    await (unconfigured['astro:config:setup'] as unknown as (o: object) => Promise<void>)({
      command: 'build',
      updateConfig,
    });
    const dev = sourceMaps(upload, '/site/dist').hooks as Hooks;
    await (dev['astro:config:setup'] as unknown as (o: object) => Promise<void>)({
      command: 'dev',
      updateConfig,
    });
    expect(updateConfig).not.toHaveBeenCalled();
  });

  it('are left out of the published site once uploaded, and a failed upload is said as such', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maps-'));
    try {
      mkdirSync(join(dir, '_astro'));
      for (const name of ['a.js', 'a.js.map', 'b.css', 'b.js.map'])
        writeFileSync(join(dir, '_astro', name), '');
      const integration = sourceMaps(upload, dir);
      const log = logger();
      const done = integration.hooks['astro:build:done'] as unknown as (o: object) => Promise<void>;
      await done({ dir: pathToFileURL(`${dir}/`), logger: log });
      expect(readdirSync(join(dir, '_astro')).sort()).toEqual(['a.js', 'b.css']);
      expect(log.info).toHaveBeenCalledWith('2 source maps uploaded for release b1, left out of the site');

      const failing = sourceMaps(upload, dir);
      const setup = failing.hooks['astro:config:setup'] as unknown as (o: object) => Promise<void>;
      await setup({ command: 'build', updateConfig: vi.fn() });
      (made.options.at(-1) as { errorHandler: (e: Error) => void }).errorHandler(
        new Error('401 Unauthorized'),
      );
      writeFileSync(join(dir, '_astro', 'c.js.map'), '');
      const warned = logger();
      await (failing.hooks['astro:build:done'] as unknown as (o: object) => Promise<void>)({
        dir: pathToFileURL(`${dir}/`),
        logger: warned,
      });
      expect(warned.warn).toHaveBeenCalledWith(
        'source maps not uploaded (401 Unauthorized); 1 left out of the site',
      );
      expect(readdirSync(join(dir, '_astro')).sort()).toEqual(['a.js', 'b.css']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
