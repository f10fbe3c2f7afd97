/**
 * The classic scripts that must run in `<head>` before anything is painted (the chat redirect of the
 * Japanese pages, the language of the chat pages), and one that must run as its part of the page is parsed
 * (the picture of a product carried to /chat/). Astro bundles only module scripts, which run after the
 * first paint, so each is bundled here with esbuild into a few hundred minified bytes. A page carries its
 * head script inline, with the digest of its text in the page's content security policy (no
 * 'unsafe-inline'): as a file it would be one more request before every first paint (docs/performance.md
 * has the figures). The bot check the redirect loads only for a visitor who may go to chat stays a file
 * under /_astro/, named by its content hash. Pages get the scripts from the virtual module
 * `virtual:head-scripts`; `astro dev` serves the check.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { type InlineScript, scriptHash } from '../../lib/inline-scripts.ts';

const VIRTUAL_ID = 'virtual:head-scripts';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

interface Script {
  url: string;
  code: string;
}
/** The head scripts pages carry, and the file one of them loads. */
interface Bundled {
  /** Japanese catalogue pages. */
  chatRedirect: InlineScript;
  /** Loaded by chatRedirect, only for a visitor who might be sent to chat (the bot detector). */
  chatRedirectCheck: Script;
  /** Chat pages. */
  chatLocale: InlineScript;
  /** /chat/, after its bubble for a carried product's picture (not in `<head>`: it fills that bubble). */
  chatCarriedPicture: InlineScript;
}

/** Bundles one entry as a classic script (an IIFE), minified, for browsers of the last few years. */
export async function bundleHeadScript(file: string, define: Record<string, string> = {}): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    write: false,
    legalComments: 'none',
    define,
  });
  return result.outputFiles[0]?.text ?? '';
}

async function script(
  name: string,
  root: string,
  file: string,
  define?: Record<string, string>,
): Promise<Script> {
  const code = await bundleHeadScript(join(root, file), define);
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
  return { url: `/_astro/${name}.${hash}.js`, code };
}

async function inlineScript(
  root: string,
  file: string,
  define?: Record<string, string>,
): Promise<InlineScript> {
  const code = (await bundleHeadScript(join(root, file), define)).trimEnd();
  return { code, hash: scriptHash(code) };
}

async function bundleAll(root: string, site: string): Promise<Bundled> {
  const chatRedirectCheck = await script('chat-redirect-check', root, 'src/features/chat/redirect-check.ts');
  return {
    chatRedirect: await inlineScript(root, 'src/features/chat/redirect-script.ts', {
      __CHAT_REDIRECT_CHECK__: JSON.stringify(chatRedirectCheck.url),
    }),
    chatRedirectCheck,
    chatLocale: await inlineScript(root, 'src/features/chat/locale-script.ts'),
    // The picture's addresses as the page's islands write them (src/lib/images.ts reads both).
    chatCarriedPicture: await inlineScript(root, 'src/features/chat/carried-picture-script.ts', {
      'import.meta.env.SSR': 'false',
      'import.meta.env.SITE': JSON.stringify(site),
    }),
  };
}

export default function headScripts(): AstroIntegration {
  let root = '';
  let site = '';
  let bundled: Promise<Bundled> | undefined;
  const bundle = () => {
    bundled ??= bundleAll(root, site);
    return bundled;
  };
  return {
    name: 'head-scripts',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        root = fileURLToPath(config.root);
        site = config.site ?? '';
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'head-scripts',
                resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
                load: async (id: string) => {
                  if (id !== RESOLVED_ID) return undefined;
                  const scripts = await bundle();
                  return (['chatRedirect', 'chatLocale', 'chatCarriedPicture'] as const)
                    .map((name) => `export const ${name} = ${JSON.stringify(scripts[name])};\n`)
                    .join('');
                },
              },
            ],
          },
        });
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (request, response, next) => {
          const { chatRedirectCheck } = await bundle();
          if (request.url !== chatRedirectCheck.url) return next();
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.end(chatRedirectCheck.code);
        });
      },
      'astro:build:done': async ({ dir }) => {
        const { url, code } = (await bundle()).chatRedirectCheck;
        const outDir = fileURLToPath(dir);
        await mkdir(join(outDir, '_astro'), { recursive: true });
        await writeFile(join(outDir, url), code);
      },
    },
  };
}
