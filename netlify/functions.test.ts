/**
 * What Netlify deploys from netlify/functions: its own bundler (@netlify/zip-it-and-ship-it, which the
 * Netlify build runs over the folder) must find exactly the scheduled rebuild and the editor page, each
 * with a handler. Any other module at the top level of the folder would be deployed as a function of its
 * own, so shared code and tests live beside the entry in a function's folder or in scripts/publisher/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FunctionResult, zipFunctions } from '@netlify/zip-it-and-ship-it';
import { EDITOR_PATHS } from '../scripts/publisher/editor.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FUNCTIONS = path.join(ROOT, 'netlify', 'functions');

async function bundle(folder: string): Promise<FunctionResult[]> {
  const out = await mkdtemp(path.join(tmpdir(), 'netlify-functions-'));
  try {
    return await zipFunctions(folder, out, { basePath: ROOT });
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

describe("Netlify's bundler over netlify/functions", () => {
  let functions: FunctionResult[];
  beforeAll(async () => {
    functions = await bundle(FUNCTIONS);
  });

  it('finds exactly the scheduled rebuild and the editor page', () => {
    expect(functions.map((f) => f.name).sort()).toEqual(['editor', 'scheduled-rebuild']);
  });

  it('bundles each from its entry file, as a function with a default handler (API version 2)', () => {
    const entries = Object.fromEntries(functions.map((f) => [f.name, path.relative(FUNCTIONS, f.mainFile)]));
    expect(entries).toEqual({
      editor: path.join('editor', 'editor.mts'),
      'scheduled-rebuild': 'scheduled-rebuild.mts',
    });
    for (const f of functions) expect(f.runtimeAPIVersion, f.name).toBe(2);
  });

  it('routes the editor page at the paths its handler answers', () => {
    const editor = functions.find((f) => f.name === 'editor');
    expect(editor?.routes?.map((route) => route.pattern).sort()).toEqual([...EDITOR_PATHS].sort());
  });
});
