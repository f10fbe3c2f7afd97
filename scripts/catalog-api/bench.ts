/**
 * Timings of the reference catalog API at scale (a script, not a test):
 *
 *   node scripts/catalog-api/bench.ts [--products 10000]
 *
 * Seeds an in-memory and an on-disk database, then over real HTTP: cold and warm `GET /catalog/products?size=100`
 * pages, and 16 concurrent requests. The add-to-bag throughput of one and two instances on PostgreSQL is
 * scripts/bench/api-throughput.mjs.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { testConfig } from './config.ts';
import { openDatabase } from './database.ts';
import { seed } from './seed.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const products = Number(values.products);

const ms = (start: number) => `${(performance.now() - start).toFixed(1)} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

let started = performance.now();
const memory = openDatabase(':memory:');
await seed(memory, { products });
console.log(`seed ${products} products in memory: ${ms(started)}`);

const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
started = performance.now();
const file = openDatabase(join(dir, 'catalog.sqlite'));
await seed(file, { products });
console.log(`seed ${products} products to a file:  ${ms(started)}`);
await file.close();
rmSync(dir, { recursive: true, force: true });

const config = testConfig();
const app = await createApp({ database: memory, config });
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
await once(server, 'listening');
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const headers = { 'X-Api-Token': config.apiToken };

async function timed(path: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}${path}`, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return performance.now() - start;
}

const pages = Math.ceil(products / 100);
const cold: number[] = [];
for (let page = 1; page <= pages; page++) cold.push(await timed(`/catalog/products?size=100&page=${page}`));
const warm: number[] = [];
for (let page = 1; page <= pages; page++) warm.push(await timed(`/catalog/products?size=100&page=${page}`));
const area: number[] = [];
for (let page = 1; page <= 20; page++)
  area.push(await timed(`/catalog/products?size=100&page=${page}&area_id=2&tenant_ids=2,8`));
for (const [name, list] of [
  ['cold (first read, assembles JSON)', cold],
  ['warm (cached JSON)', warm],
  ['area + tenant filter, warm', area],
] as const) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(
    `GET /catalog/products?size=100 ${name}: median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${percentile(sorted, 1).toFixed(1)} ms (${list.length} pages)`,
  );
}

started = performance.now();
const concurrent = await Promise.all(
  Array.from({ length: 16 }, (_, i) =>
    timed(`/catalog/products?size=100&page=${1 + ((i * 37) % pages)}&lang=en`),
  ),
);
console.log(
  `16 concurrent size=100 pages (lang=en, cold): all 200 in ${ms(started)}, slowest ${Math.max(...concurrent).toFixed(1)} ms`,
);
server.close();
