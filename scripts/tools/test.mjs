// `npm test`: every test, in the order that fails fastest. Lint, the dependency direction of src/, unused
// code, types, unit/component/contract tests, the reference API's tests again on a throwaway PostgreSQL
// server (and two API instances on it, in the integration step), the golden output (a small build compared
// file by file with tests/golden/output.sha256), a rebuild with the cache against a fresh build after each
// kind of change (tests/integration/build-stale.test.ts), the build under injected API faults, then the end-to-end specs
// in Debian's Chromium against the product as `npm start` runs it (built once, shared by every spec), and
// the shopper's journeys in WebKit (WebKitGTK's MiniBrowser over WebDriver, tests/webkit/README.md).

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { bin, runNode } from './lib.mjs';

/** The rebuild that must equal a fresh build after each kind of change: a step of its own, after golden. */
const STALE_TEST = 'tests/integration/build-stale.test.ts';

const steps = [
  ['format, lint', [bin('@biomejs/biome/bin/biome'), 'ci', '.']],
  ['dependency direction', ['scripts/tools/check-architecture.mjs']],
  ['unused files, exports and dependencies', [bin('knip/bin/knip.js')]],
  ['types', ['scripts/tools/typecheck.mjs']],
  ['unit, component and contract tests', [bin('vitest/vitest.mjs'), 'run']],
  ['API tests on PostgreSQL', [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.postgres.config.ts']],
  ['golden output', ['scripts/tools/golden.mjs']],
  [
    'rebuild equals a fresh build',
    [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.integration.config.ts', STALE_TEST],
  ],
  [
    'build under API faults',
    [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.integration.config.ts', '--exclude', STALE_TEST],
  ],
  ['end-to-end', [bin('@playwright/test/cli.js'), 'test']],
  ['WebKit', [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.webkit.config.ts']],
];

if (
  !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') ||
  !existsSync('/usr/lib/postgresql') ||
  !existsSync('/usr/bin/WebKitWebDriver') ||
  !existsSync('/usr/bin/xvfb-run')
) {
  console.log('A browser is missing: installing the system packages the browser tests need');
  const install = spawnSync('bash', ['scripts/tools/install-system-deps.sh'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

/**
 * CPU seconds (user and system) of this process's children that have ended and been waited for, with
 * theirs: a step's whole process tree once it has ended (/proc/self/stat, cutime and cstime, in ticks).
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the command's name: state is field 3, so cutime (16) and cstime (17) sit at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

const only = process.argv[2];
const results = [];
const began = Date.now();
for (const [name, args] of steps) {
  if (only && !name.includes(only)) continue;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const { code } = await runNode(args, { env: { FORCE_COLOR: process.env.CI ? '0' : '1' } });
  results.push({
    name,
    code,
    seconds: Math.round((Date.now() - started) / 1000),
    cpu: Math.round(childCpuSeconds() - cpuBefore),
    load: loadavg()[0],
  });
  if (code !== 0) break;
}

console.log(
  '\nSummary (wall and CPU seconds, the CPU of every process the step ran; load: 1-minute average at its end):',
);
for (const r of results) {
  console.log(
    `  ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s, CPU ${r.cpu} s, load ${r.load.toFixed(1)})`,
  );
}
const failed = results.filter((r) => r.code !== 0).length;
const total = Math.round((Date.now() - began) / 1000);
const cpu = results.reduce((sum, r) => sum + r.cpu, 0);
console.log(
  `steps: ${results.length - failed} passed, ${failed} failed, in ${Math.floor(total / 60)} min ${total % 60} s, CPU ${cpu} s`,
);
process.exit(failed || results.length === 0 ? 1 : 0);
