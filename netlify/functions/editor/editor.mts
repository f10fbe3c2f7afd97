/**
 * Netlify function: the editor page (/editor/) on the deployed site, the same page `npm start` serves
 * (scripts/publisher/editor.ts), over Netlify's build hook and deploys (netlify-editor.ts). Staff sign in
 * with the catalog API's staff sign-in under /api (the page's form); editors publish, counter staff are
 * told they are not editors. Setup: docs/deploy.md, "The editor page".
 */
import type { Config, Context } from '@netlify/functions';
import { editorMemory } from './editor-memory.ts';
import { editorFunction } from './netlify-editor.ts';

/** Made on the first request, and kept while this instance lives; the presses live in Netlify Blobs. */
let handle: ((request: Request) => Promise<Response>) | undefined;

export default async (request: Request, _context: Context): Promise<Response> => {
  handle ??= editorFunction(process.env, { memory: editorMemory() });
  return handle(request);
};

// The page's paths, written out (Netlify reads this object without running the code): the same as the
// handler's own, which a test checks.
export const config: Config = {
  path: [
    '/editor',
    '/editor/',
    '/editor/publish',
    '/editor/status.json',
    '/editor/editor.js',
    '/editor/editor.css',
  ],
};
