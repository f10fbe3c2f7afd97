/**
 * A build stops as soon as its catalogue is refused, with the one line naming what was refused: nothing is
 * bundled or rendered for a catalogue that will not be published. `astro dev` keeps serving.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import catalogueLoad from './catalogue-integration.ts';
import type { CatalogueLoad } from './catalogue-load.ts';

const HANDLE = Symbol.for('gift-catalogue.catalogue-load');
const global = globalThis as typeof globalThis & { [HANDLE]?: CatalogueLoad };

/** A catalog API whose area list is empty: the load refuses the catalogue once it has the lists. */
let server: Server;
let dir: string;
const SET = ['CATALOG_API_URL', 'CATALOGUE_SNAPSHOT', 'BUILD_ID', 'BUILD_TIME'] as const;
const before = Object.fromEntries(SET.map((name) => [name, process.env[name]]));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-integration-'));
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://api.test').pathname;
    response.setHeader('content-type', 'application/json');
    if (path === '/catalog/areas') response.end('[]');
    else if (path === '/catalog/products-filters') {
      response.end(
        JSON.stringify([{ id: 1, name: '香月堂', logoSrc: null, description: '', officialSiteUrl: null }]),
      );
    } else response.end(JSON.stringify({ products: [], count: 0 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.CATALOG_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.CATALOGUE_SNAPSHOT = join(dir, 'snapshot.ndjson');
  process.env.BUILD_ID = '20261129T000000Z-test';
  process.env.BUILD_TIME = '2026-11-29T00:00:00.000Z';
});

afterEach(async () => {
  // Every test's load has settled by its end: its thread has ended.
  await global[HANDLE]?.written.catch(() => {});
  delete global[HANDLE];
  await new Promise((resolve) => server.close(resolve));
  for (const name of SET) {
    if (before[name] === undefined) delete process.env[name];
    else process.env[name] = before[name];
  }
  rmSync(dir, { recursive: true, force: true });
});

type Setup = (options: { command: string }) => void;

describe('a build whose catalogue is refused', () => {
  it('ends with the one line as soon as the load refuses it, without waiting for a later hook', async () => {
    const ended = new Promise<string>((resolve) => {
      const setup = catalogueLoad(resolve).hooks['astro:config:setup'] as unknown as Setup;
      setup({ command: 'build' });
    });
    expect(await ended).toMatch(
      /^the catalogue was not published: GET \/catalog\/areas answered an empty list: a catalogue without areas is not published/,
    );
  });

  it('leaves astro dev serving: its pages say why', async () => {
    const end = vi.fn();
    const setup = catalogueLoad(end).hooks['astro:config:setup'] as unknown as Setup;
    setup({ command: 'dev' });
    await expect(global[HANDLE]?.written).rejects.toThrow('the catalogue was not published');
    // A rejection's handlers run in the order they were attached: any of the integration's have run.
    await Promise.resolve();
    expect(end).not.toHaveBeenCalled();
  });
});
