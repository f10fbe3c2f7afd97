/**
 * A worker thread of the site check (site-check.ts): checks the links of its share of the pages and posts
 * what it found.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type PageShare, scanPages } from './site-check.ts';

parentPort?.postMessage(await scanPages(workerData as PageShare));
