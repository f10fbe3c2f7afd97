/**
 * On a page with islands, the layout's page script (src/layouts/PageStart.astro) is bundled with the site's
 * shared chunks: the browser learns of the chunks it imports only once it has the script, one round trip
 * later. This integration lets the layout name them beside the script (`<link rel="modulepreload">`), so
 * the page asks for them all at once. They are the script's own static imports, asked for on every such
 * page anyway: nothing more is loaded, only sooner.
 *
 * The client build's chunks are written by a Vite plugin, as that build ends, to a file in Astro's cache
 * (pages are rendered after the client build); the virtual module `virtual:page-script-preloads` reads it
 * when a page is rendered. `astro dev` serves modules unbundled: there the list is empty.
 *
 * This relies on two things Astro does not promise: that its browser bundle is Vite's `client` environment,
 * and how it names a component's script for the bundler (the component's path with `?astro&type=script`).
 * The list is removed as each build starts: when the plugin wrote none, or no chunk in it comes from
 * PageStart.astro's script, rendering a page fails and says which; the unit test beside this file checks
 * the lookup on a chunk list of the shape Astro gives.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const VIRTUAL_ID = 'virtual:page-script-preloads';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** A client chunk: its file under the site root and the module it was built from, when it is an entry. */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  imports: readonly string[];
}

/** The chunk files every chunk imports statically, by file. */
type Imports = Record<string, readonly string[]>;

/** The scripts' chunks, as the client build wrote them: entry module → file, and each file's imports. */
export interface ChunkList {
  entries: Record<string, string>;
  imports: Imports;
}

export function chunkList(chunks: readonly BuiltChunk[]): ChunkList {
  const list: ChunkList = { entries: {}, imports: {} };
  for (const chunk of chunks) {
    if (chunk.facadeModuleId) list.entries[chunk.facadeModuleId] = chunk.fileName;
    list.imports[chunk.fileName] = [...chunk.imports];
  }
  return list;
}

/** Every chunk `file` imports statically, directly or not, each once, nearest first. */
function staticImports(imports: Imports, file: string): string[] {
  const seen = new Set<string>([file]);
  const queue = [file];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const imported of imports[next] ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  seen.delete(file);
  return [...seen];
}

/**
 * The site paths (`/_astro/…`) of the chunks the script of `component` (an absolute path to an `.astro`
 * file) imports statically. Throws when the list has no chunk built from that component's script.
 */
export function scriptImports(list: ChunkList, component: string): string[] {
  const entry = Object.entries(list.entries).find(
    ([id]) => id.split('?')[0] === component && /[?&]type=script\b/.test(id),
  );
  if (!entry) {
    throw new Error(
      `page-script-preload: no chunk of the client build comes from ${component}'s script (has Astro changed how it names a component's script?)`,
    );
  }
  return staticImports(list.imports, entry[1]).map((file) => `/${file}`);
}

/** The chunk list the client build wrote; a clear error when it wrote none. */
export function readChunkList(listFile: string): ChunkList {
  if (!existsSync(listFile)) {
    throw new Error(
      `page-script-preload: the client build wrote no chunk list (${listFile}): did the plugin run in Vite's "client" environment?`,
    );
  }
  return JSON.parse(readFileSync(listFile, 'utf8')) as ChunkList;
}

/** The virtual module: reads the chunk list once, at the first page rendered. */
function virtualModule(listFile: string, component: string): string {
  return `import { readChunkList, scriptImports } from ${JSON.stringify(fileURLToPath(import.meta.url))};
let preloads;
/** The chunks the layout's page script imports statically: none in \`astro dev\`. */
export function pageScriptPreloads() {
  if (import.meta.env.DEV) return [];
  preloads ??= scriptImports(readChunkList(${JSON.stringify(listFile)}), ${JSON.stringify(component)});
  return preloads;
}
`;
}

export default function pageScriptPreload(): AstroIntegration {
  let listFile = '';
  const component = fileURLToPath(new URL('../../layouts/PageStart.astro', import.meta.url));
  return {
    name: 'page-script-preload',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        listFile = join(fileURLToPath(config.cacheDir), 'client-chunks.json');
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'page-script-preload',
                resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
                load: (id: string) => (id === RESOLVED_ID ? virtualModule(listFile, component) : undefined),
              },
            ],
          },
        });
      },
      // A list left by an earlier build would name its chunks, not this one's.
      'astro:build:start': () => rmSync(listFile, { force: true }),
      'astro:build:setup': ({ vite }) => {
        vite.plugins ??= [];
        vite.plugins.push({
          name: 'page-script-preload-chunks',
          apply: 'build',
          applyToEnvironment: (environment) => environment.name === 'client',
          generateBundle(_options, bundle) {
            const chunks = Object.values(bundle).flatMap((output) =>
              output.type === 'chunk'
                ? [
                    {
                      fileName: output.fileName,
                      facadeModuleId: output.facadeModuleId,
                      imports: output.imports,
                    },
                  ]
                : [],
            );
            mkdirSync(dirname(listFile), { recursive: true });
            writeFileSync(listFile, JSON.stringify(chunkList(chunks)));
          },
        });
      },
    },
  };
}
