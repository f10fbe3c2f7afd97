/**
 * A worker thread of the site check (site-check.ts): checks the links of its share of the pages and posts
 * what it found.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { scanPages } from './site-check.ts';

const { root, pages, files, siteOrigin } = workerData as {
  root: string;
  pages: string[];
  files: string[];
  siteOrigin: string;
};
parentPort?.postMessage(await scanPages(root, pages, files, siteOrigin));
