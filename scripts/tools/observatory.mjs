// `npm run observatory`: the grade of the MDN HTTP Observatory (its own scanner, @mdn/mdn-http-observatory)
// for the site as production serves it: the built dist/ behind the parity server over HTTPS on port 443,
// with plain HTTP on port 80 redirecting to it, under a certificate made for the run. Ports 80 and 443 need
// root (the scanner only speaks the standard ports).
//
//   node scripts/tools/observatory.mjs [--dist dist]
//
// The scanner's install scripts download Chromium's HSTS preload list and Mozilla's CA bundle, which this
// project does not need (localhost is never preloaded; the run trusts its own certificate through
// NODE_EXTRA_CA_CERTS), so they are not run (package.json allowScripts) and an empty preload list stands in.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHttpsRedirect, createServer } from '../parity-server/serve.mjs';

const argv = process.argv.slice(2);
const dist = argv.includes('--dist') ? argv[argv.indexOf('--dist') + 1] : (process.env.DIST_DIR ?? 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`observatory: no built site in ${dist}/ (run npm run build, or npm start once)`);
  process.exit(2);
}

const require = createRequire(import.meta.url);
const scannerRoot = dirname(require.resolve('@mdn/mdn-http-observatory/package.json'));
const preload = join(scannerRoot, 'conf', 'hsts-preload.json');
if (!existsSync(preload)) writeFileSync(preload, '{}\n');

const work = mkdtempSync(join(tmpdir(), 'observatory-'));
const key = join(work, 'key.pem');
const cert = join(work, 'cert.pem');
const made = spawnSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-keyout',
    key,
    '-out',
    cert,
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
if (made.status !== 0) {
  console.error(`observatory: openssl could not make a certificate: ${made.stderr}`);
  process.exit(2);
}

const site = createServer({ root: dist, tls: { key: readFileSync(key), cert: readFileSync(cert) } });
await site.ready;
const redirect = createHttpsRedirect('https://localhost');
const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '::', ipv6Only: false }, resolve);
  });
try {
  await listen(site, 443);
  await listen(redirect, 80);
} catch (error) {
  console.error(`observatory: cannot listen on ports 80 and 443 (${error.message}); run as root`);
  process.exit(2);
}

const runner = `
  import { scan } from '@mdn/mdn-http-observatory/src/scanner/index.js';
  const result = await scan('localhost');
  console.log(JSON.stringify(result));
`;
const child = await new Promise((resolve) => {
  const { spawn } = require('node:child_process');
  const proc = spawn(process.execPath, ['--input-type=module', '-e', runner], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk) => {
    out += chunk;
  });
  proc.on('close', (code) => resolve({ code, out }));
});
site.close();
redirect.close();
rmSync(work, { recursive: true, force: true });

if (child.code !== 0) {
  console.error('observatory: the scan failed');
  process.exit(1);
}
const result = JSON.parse(child.out.trim().split('\n').pop());
const { grade, score, testsPassed, testsQuantity } = result.scan;
console.log(
  `MDN HTTP Observatory: grade ${grade}, score ${score}, ${testsPassed}/${testsQuantity} tests passed`,
);
for (const [name, test] of Object.entries(result.tests)) {
  const mark = test.pass ? 'ok  ' : 'FAIL';
  console.log(
    `  ${mark} ${name}: ${test.result} (${test.scoreModifier >= 0 ? '+' : ''}${test.scoreModifier})`,
  );
}
process.exit(grade === 'A+' ? 0 : 1);
