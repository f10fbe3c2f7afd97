/**
 * The thread of catalogue-load.ts: fetches and checks the whole catalogue and writes the build's snapshot
 * (fetchCatalogue, loaders.ts), posting the area and brand lists as soon as they have passed their checks,
 * then what the snapshot took, or the reason the catalogue was refused. The outcome is also written to the
 * shared state, for a reader waiting on it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { failureDetail } from '../../lib/errors.ts';
import { catalogueLoadedLine } from '../pages/build-plan.ts';
import { type LoadMessage, settle, settled } from './catalogue-load.ts';
import { fetchCatalogue } from './loaders.ts';

const { shared } = workerData as { shared: SharedArrayBuffer };
const post = (message: LoadMessage) => parentPort?.postMessage(message);
const started = performance.now();

/**
 * A reader waiting on the shared state blocks its thread, so it cannot hear this thread end: whatever ends
 * it (an error thrown outside the load, a rejection nobody handled), the state says so first.
 */
function refuse(reason: string): void {
  if (settled(shared, false)) return;
  settle(shared, { refused: reason });
  post({ type: 'refused', reason });
}
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    refuse(failureDetail(error));
    process.exit(1);
  });
}
process.on('exit', () => refuse('its loading thread ended before the catalogue was written'));

try {
  const { written } = await fetchCatalogue(
    undefined,
    undefined,
    (lists) => post({ type: 'lists', lists }),
    // How far the load has come, for whoever reads the build's log (the editor page's progress).
    (loaded, total) => console.log(`[catalog] ${catalogueLoadedLine(loaded, total)}`),
  );
  // The snapshot is in place before any reader is let through.
  settle(shared, { written: true });
  post({ type: 'written', written: { ...written, ms: Math.round(performance.now() - started) } });
} catch (error) {
  refuse(failureDetail(error));
}
