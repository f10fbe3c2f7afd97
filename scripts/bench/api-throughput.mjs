// Add-to-bag throughput of the reference API as a store runs it: 50 shoppers at once, each adding one item
// at a time to their own bag (POST /catalog/cart/product) for a fixed time, against the embedded database
// (one instance), one instance on PostgreSQL, and two instances on one PostgreSQL behind a round-robin
// proxy (scripts/catalog-api/fleet.ts), measured one after the other in one run. Reports requests a second,
// p50 and p99 latency, errors, and lost writes (each bag's count read back against what its shopper added).
// Figures, not tests: record them in docs/performance.md.
//
//   node scripts/bench/api-throughput.mjs [--seconds 15] [--clients 50]
import { parseArgs } from 'node:util';
import { startFleet } from '../catalog-api/fleet.ts';

const TOKEN = 'gift-catalogue-public-token';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

/** Variants with room to add to: plenty of stock. */
async function roomyVariants(base) {
  const response = await fetch(`${base}/catalog/products?size=100`, { headers: { 'X-Api-Token': TOKEN } });
  const { products } = await response.json();
  return products.flatMap((product) =>
    product.variants
      .filter((v) => v.totalStock >= 30)
      .map((v) => ({ productId: product.id, variantId: v.id })),
  );
}

/** One shopper: adds one unit at a time until `until`, 20 of a variant then the next. */
async function shopper(base, variants, offset, until, latencies, errors) {
  let cookie = '';
  let added = 0;
  let index = offset;
  let onLine = 0;
  while (performance.now() < until) {
    const v = variants[index % variants.length];
    const started = performance.now();
    try {
      const response = await fetch(`${base}/catalog/cart/product`, {
        method: 'POST',
        headers: {
          'X-Api-Token': TOKEN,
          'Content-Type': 'application/json',
          Origin: 'http://localhost:4321',
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: JSON.stringify({ ...v, addQty: 1 }),
      });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0];
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status === 200) {
        added += 1;
        onLine += 1;
      } else errors.push(response.status);
    } catch (error) {
      errors.push(String(error));
    }
    if (onLine >= 20) {
      onLine = 0;
      index += 7;
    }
  }
  const count = await fetch(`${base}/catalog/cart/products/count`, {
    headers: { 'X-Api-Token': TOKEN, Cookie: cookie },
  }).then((r) => r.json());
  return { added, counted: count.count };
}

export async function throughput({ database, instances, seconds, clients }) {
  const fleet = await startFleet({
    database,
    instances,
    env: { CATALOG_WRITE_LIMIT: '1000000', CATALOG_BAG_MAX_LINES: '500' },
  });
  try {
    const variants = await roomyVariants(fleet.url);
    // A short warm-up, not counted.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => shopper(fleet.url, variants, i, performance.now() + 1000, [], [])),
    );
    const latencies = [];
    const errors = [];
    const started = performance.now();
    const until = started + seconds * 1000;
    const results = await Promise.all(
      Array.from({ length: clients }, (_, i) =>
        shopper(fleet.url, variants, i * 3, until, latencies, errors),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const added = results.reduce((sum, r) => sum + r.added, 0);
    const lost = results.filter((r) => r.added !== r.counted).length;
    return {
      setup: `${instances} × ${database === 'sqlite' ? 'embedded SQLite' : 'PostgreSQL'}`,
      requests: latencies.length,
      perSecond: Math.round(latencies.length / elapsed),
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      errors: errors.length,
      added,
      bagsWithLostWrites: lost,
    };
  } finally {
    await fleet.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '15' }, clients: { type: 'string', default: '50' } },
  });
  const seconds = Number(values.seconds);
  const clients = Number(values.clients);
  const rows = [];
  for (const setup of [
    { database: 'sqlite', instances: 1 },
    { database: 'postgres', instances: 1 },
    { database: 'postgres', instances: 2 },
  ]) {
    const row = await throughput({ ...setup, seconds, clients });
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  console.log(`\n${clients} clients, ${seconds} s each, ${new Date().toISOString().slice(0, 10)}`);
  console.log('| setup | requests/s | p50 ms | p99 ms | errors | lost writes |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.setup} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.bagsWithLostWrites} |`,
    );
  }
}
