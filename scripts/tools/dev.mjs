// `npm run dev`: Astro's dev server with hot reload, on the reference catalog API. Starts the API (seeding
// its SQLite file on first start) unless CATALOG_API_URL names one, then `astro dev` with `/api` proxied to
// it (src/engine/files/api-proxy.ts), so every page, island and the bag work as on the built site. Both stop
// when this process is stopped.
//
//   PORT (4321), CATALOG_API_PORT (8787), CATALOG_API_URL: as for `npm start`; other arguments go to astro dev.
//   `npm run dev -- --port N` is the same as PORT=N: Astro and the URLs the API hands out (pictures, the
//   store-counter view) both move to N.
import { bin, startNode, stop, waitForHttp } from './lib.mjs';

/** The port from `--port N` or `--port=N` among the arguments, and the other arguments. */
function portArgument(argv) {
  const rest = [];
  let port;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') port = argv[++i] ?? '';
    else if (arg.startsWith('--port=')) port = arg.slice('--port='.length);
    else rest.push(arg);
  }
  return { port, rest };
}

/** What the dev server and the API it starts are given, from the arguments and the environment. */
export function devSettings(argv, env) {
  const { port: given, rest } = portArgument(argv);
  const text = given ?? env.PORT ?? '4321';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`--port: "${text}" is not a port number`);
  }
  const apiPort = Number(env.CATALOG_API_PORT ?? 8787);
  return {
    port,
    apiUrl: env.CATALOG_API_URL ?? `http://127.0.0.1:${apiPort}`,
    startApi: !env.CATALOG_API_URL,
    publicUrl: env.CATALOG_PUBLIC_URL ?? `http://localhost:${port}/api`,
    siteUrl: env.SITE_URL ?? `http://localhost:${port}`,
    astroArgs: ['--port', String(port), ...rest],
  };
}

if (import.meta.main) {
  let settings;
  try {
    settings = devSettings(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { apiUrl, publicUrl, siteUrl, astroArgs } = settings;
  let api;
  let dev;
  const shutdown = async (code) => {
    await Promise.all([stop(dev), stop(api)]);
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  if (settings.startApi) {
    api = startNode(['scripts/catalog-api/main.ts'], {
      env: {
        CATALOG_API_PORT: String(new URL(apiUrl).port || 8787),
        // One JSON line per request is the production log; here only warnings and errors reach the terminal.
        CATALOG_LOG_LEVEL: process.env.CATALOG_LOG_LEVEL ?? 'warn',
        // Browsers reach the API (images, the store-counter view) through the dev server's /api proxy.
        CATALOG_PUBLIC_URL: publicUrl,
      },
    });
    api.on('exit', (code) => {
      if (code) shutdown(code);
    });
  }
  await waitForHttp(`${apiUrl}/healthz`, 60_000);
  dev = startNode([bin('astro/bin/astro.mjs'), 'dev', ...astroArgs], {
    env: { CATALOG_API_URL: apiUrl, SITE_URL: siteUrl },
  });
  dev.on('exit', (code) => shutdown(code ?? 0));
}
