/**
 * The thread of catalogue-load.ts: fetches and checks the whole catalogue and writes the build's snapshot
 * (fetchCatalogue, loaders.ts), posting the area and brand lists as soon as they have passed their checks,
 * then what the snapshot took, or the reason the catalogue was refused. The outcome is also written to the
 * shared state, for a reader waiting on it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type LoadMessage, settle } from './catalogue-load.ts';
import { fetchCatalogue, refusedBecause } from './loaders.ts';

const { shared } = workerData as { shared: SharedArrayBuffer };
const post = (message: LoadMessage) => parentPort?.postMessage(message);
const started = performance.now();

try {
  const { written } = await fetchCatalogue(undefined, undefined, (lists) => post({ type: 'lists', lists }));
  // The snapshot is in place before any reader is let through.
  settle(shared, { written: true });
  post({ type: 'written', written: { ...written, ms: Math.round(performance.now() - started) } });
} catch (error) {
  const reason = refusedBecause(error);
  settle(shared, { refused: reason });
  post({ type: 'refused', reason });
}
