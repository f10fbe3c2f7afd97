import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../catalog-api/config.ts';
import { ROOT, waitForHttp } from './lib.mjs';
import { picturesCacheDir } from './picture-cache.mjs';

const sharpVersion = (
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'sharp', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

describe("the rendered pictures' cache between test runs", () => {
  test('lives outside the clone, under the user cache, named by the renderer and its version', () => {
    const home = '/home/someone';
    expect(picturesCacheDir({ HOME: home })).toBe(
      path.join(home, '.cache', 'gift-catalogue', `pictures-sharp-${sharpVersion}`),
    );
    expect(picturesCacheDir({ HOME: home, XDG_CACHE_HOME: '/var/cache/me' })).toBe(
      path.join('/var/cache/me', 'gift-catalogue', `pictures-sharp-${sharpVersion}`),
    );
    expect(path.relative(ROOT, picturesCacheDir(process.env)).startsWith('..')).toBe(true);
  });

  test('is the folder the catalog API keeps its pictures in when CATALOG_IMAGE_CACHE_DIR names it', () => {
    expect(loadConfig({ CATALOG_IMAGE_CACHE_DIR: '/var/cache/pictures' }).imageCacheDir).toBe(
      '/var/cache/pictures',
    );
    expect(loadConfig({}).imageCacheDir).toBeNull();
  });

  test('is filled by the API and outlives it, through a throwaway database and a reseed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pictures-'));
    const db = `${dir}.sqlite`;
    const running: ReturnType<typeof spawn>[] = [];
    /** The reference API on a free port, sharing `dir`; resolves with its address once it answers. */
    const start = async (database: string) => {
      const child = spawn(
        process.execPath,
        ['scripts/catalog-api/main.ts', '--db', database, '--port', '0', '--reset', '--products', '3'],
        {
          cwd: ROOT,
          env: { ...process.env, CATALOG_IMAGE_CACHE_DIR: dir, CATALOG_RENDER_AHEAD: '0' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      running.push(child);
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const listening = /catalog API on (http:\/\/\S+) /.exec(out);
          if (listening?.[1]) resolve(listening[1]);
        });
        child.on('exit', (code) => reject(new Error(`the API exited (${code}) before it listened`)));
      });
      await waitForHttp(`${url}/healthz`, 60_000);
      return { url, stop: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')) };
    };
    try {
      const throwaway = await start(':memory:');
      expect((await fetch(`${throwaway.url}/images/products/1.webp`)).status).toBe(200);
      await vi.waitFor(async () => expect(await readdir(dir)).toHaveLength(1), { timeout: 30_000 });
      await throwaway.stop();
      const rendered = await readdir(dir);
      expect(rendered).toHaveLength(1);
      // A database seeded anew leaves the shared folder as it is.
      const seeded = await start(db);
      await seeded.stop();
      expect(await readdir(dir)).toEqual(rendered);
    } finally {
      for (const child of running) child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
      await rm(db, { force: true });
    }
  }, 150_000);
});
