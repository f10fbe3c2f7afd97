// `npm test`: every test, the quick checks first. Lint, the dependency direction of src/, unused code,
// types, unit/component/contract tests, the reference API's tests again on a throwaway PostgreSQL server
// (and two API instances on it, in the integration step), the golden output (a small build compared file
// by file with tests/golden/output.sha256), a rebuild with the cache against a fresh build after each kind
// of change (tests/integration/build-stale.test.ts), the build under injected API faults, the end-to-end
// specs in Debian's Chromium against the product as `npm start` runs it (built once, shared by every
// spec), and the shopper's journeys in WebKit (WebKitGTK's MiniBrowser over WebDriver,
// tests/webkit/README.md).
//
// A step starts once the steps it comes `after` have passed, so steps that do not wait for each other run
// at once (each line of their output carries the step's tag); the first step that fails stops every
// other. `--serial` runs one step at a time, in the order below. The summary gives each step's wall time
// and the CPU of every process it started (scripts/tools/cpu-of.mjs), and a failed step's last lines again.
//
//   node scripts/tools/test.mjs [--serial] [NAME…]   NAME: only the steps whose name or tag contains it

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FULL_CHROMIUM, HEADLESS_SHELL } from './browsers.mjs';
import { bin, ROOT } from './lib.mjs';

/** The rebuild that must equal a fresh build after each kind of change: a step of its own. */
const STALE_TEST = 'tests/integration/build-stale.test.ts';
const vitest = bin('vitest/vitest.mjs');
/**
 * The scheduling priority of `batch` steps (nice(1): 0 is normal, 19 the lowest). Low enough that the browser
 * steps get a core when they ask, high enough that a batch test's own servers still start beside an
 * end-to-end step that renders every picture first (docs/performance.md, "`npm test`, per step").
 */
const BATCH_NICENESS = 5;
/**
 * How many of a step's last output lines are kept, to be shown again above the summary when it fails: a
 * failure's reason is printed when it happens, among every other step's lines, and a log cut to its tail
 * would otherwise lose it.
 */
const KEPT_LINES = 80;

/**
 * Each step: its tag, its name, what it runs (`node …`), the steps it waits for, and whether it builds the
 * checkout itself (`astro check` and `astro build` write `.astro/` in the project root, so two such steps
 * may never run at once; the end-to-end step is the one, the others check and build copies of the working
 * tree). After the quick checks, the end-to-end step, the longest, starts at once, with types and then
 * WebKit beside it; beside those the unit tests with the API's tests on PostgreSQL (which wait on the database
 * more than they compute), then golden, then the rebuild check with the build under faults.
 *
 * The two browser steps wait on pages as a shopper does, with limits on how long an element may take to
 * come (tests/e2e/fixtures/test.ts, tests/webkit/fixtures/config.ts); every other step only computes, and is
 * marked `batch`: it runs at a lower CPU priority (BATCH_NICENESS), so that on a machine with fewer cores
 * than running steps the browsers' pages, the server and the API get a core when they ask, and the batch
 * steps take the rest. Their own limits are generous for that.
 */
export const steps = [
  { tag: 'lint', name: 'format, lint', args: [bin('@biomejs/biome/bin/biome'), 'ci', '.'], after: [] },
  {
    tag: 'deps',
    name: 'dependency direction',
    args: ['scripts/tools/check-architecture.mjs'],
    after: ['lint'],
  },
  {
    tag: 'knip',
    name: 'unused files, exports and dependencies',
    args: [bin('knip/bin/knip.js')],
    after: ['deps'],
  },
  {
    tag: 'types',
    name: 'types',
    args: ['scripts/tools/typecheck.mjs', '--in-copy'],
    after: ['knip'],
    batch: true,
  },
  {
    tag: 'unit',
    name: 'unit, component and contract tests',
    args: [vitest, 'run'],
    after: ['knip'],
    batch: true,
  },
  {
    tag: 'pg',
    name: 'API tests on PostgreSQL',
    args: [vitest, 'run', '--config', 'vitest.postgres.config.ts'],
    after: ['knip'],
    batch: true,
  },
  { tag: 'golden', name: 'golden output', args: ['scripts/tools/golden.mjs'], after: ['unit'], batch: true },
  {
    tag: 'stale',
    name: 'rebuild equals a fresh build',
    args: [vitest, 'run', '--config', 'vitest.integration.config.ts', STALE_TEST],
    after: ['golden'],
    batch: true,
  },
  {
    tag: 'faults',
    name: 'build under API faults',
    args: [vitest, 'run', '--config', 'vitest.integration.config.ts', '--exclude', STALE_TEST],
    after: ['golden', 'pg'],
    batch: true,
  },
  {
    tag: 'e2e',
    name: 'end-to-end',
    args: [bin('@playwright/test/cli.js'), 'test'],
    after: ['knip'],
    buildsCheckout: true,
  },
  {
    tag: 'webkit',
    name: 'WebKit',
    args: [vitest, 'run', '--config', 'vitest.webkit.config.ts'],
    after: ['types'],
  },
];

/**
 * The machine's CPU time so far from one line of /proc/stat (`cpu  user nice system idle iowait …`), in
 * clock ticks: busy and idle (idle or waiting for a disk); undefined where there is no /proc/stat.
 */
export function machineTimes(stat) {
  const fields = /^cpu\s+([\d\s]+)/
    .exec(stat ?? '')?.[1]
    ?.trim()
    .split(/\s+/)
    .map(Number);
  if (!fields || fields.length < 5) return undefined;
  // guest and guest_nice (the ninth and tenth) are already counted in user and nice.
  const counted = fields.slice(0, 8);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: counted.reduce((sum, n) => sum + n, 0) - idle, idle };
}

/** A step's CPU for the summary: unknown when it was stopped before it could report it. */
export function cpuText(seconds) {
  return Number.isFinite(seconds) ? `CPU ${Math.round(seconds)} s` : 'CPU unknown';
}

function readMachineTimes() {
  try {
    return machineTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs one step in a process group of its own; resolves with its exit code, CPU seconds and last lines. */
function runStep(step, reportDir, { prefix, running }) {
  return new Promise((resolve, reject) => {
    const report = join(reportDir, step.tag);
    const nice = step.batch ? ['--nice', String(BATCH_NICENESS)] : [];
    const child = spawn(process.execPath, ['scripts/tools/cpu-of.mjs', report, ...nice, '--', ...step.args], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: true,
    });
    running.set(step.tag, child);
    const last = [];
    if (prefix) {
      const label = `${step.tag.padEnd(6)} │ `;
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          if (lines.length > 0) to.write(lines.map((line) => `${label}${line}\n`).join(''));
          last.push(...lines);
          last.splice(0, last.length - KEPT_LINES);
        });
        from.on('end', () => {
          if (rest) to.write(`${label}${rest}\n`);
          if (rest) last.push(rest);
        });
      }
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(step.tag);
      let cpu = Number.NaN;
      try {
        cpu = Number(readFileSync(report, 'utf8'));
      } catch {
        // Stopped before it could report.
      }
      resolve({ code: code ?? (signal ? 1 : 0), cpu, last });
    });
  });
}

/** The processes under `pid` (children, theirs, …), from /proc; none where /proc is not there. */
function descendants(pid) {
  const children = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // The parent's id is the second field after the command's name, which may hold spaces.
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops every step still running: its process group and every process under it, some of which run in
 * groups of their own (Playwright's web server); resolves once all have ended, those that outlive 10 s of
 * SIGTERM killed.
 */
async function stopAll(running) {
  const pids = [];
  for (const child of running.values()) {
    pids.push(child.pid, ...descendants(child.pid));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + 10_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
}

async function main() {
  const argv = process.argv.slice(2);
  const serial = argv.includes('--serial');
  const names = argv.filter((arg) => arg !== '--serial');
  const chosen = steps.filter(
    (step) => names.length === 0 || names.some((n) => step.name.includes(n) || step.tag === n),
  );
  if (chosen.length === 0) {
    console.error(`no step matches ${names.join(', ')}; the steps: ${steps.map((s) => s.tag).join(', ')}`);
    return 1;
  }

  if (
    !existsSync(FULL_CHROMIUM) ||
    !existsSync(HEADLESS_SHELL) ||
    !existsSync('/usr/lib/postgresql') ||
    !existsSync('/usr/bin/WebKitWebDriver') ||
    !existsSync('/usr/bin/xvfb-run')
  ) {
    console.log('A browser is missing: installing the system packages the browser tests need');
    const install = spawnSync('bash', ['scripts/tools/install-system-deps.sh'], { stdio: 'inherit' });
    if (install.status !== 0) return install.status ?? 1;
  }

  const reportDir = await mkdtemp(join(tmpdir(), 'npm-test-'));
  const running = new Map();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      await stopAll(running);
      process.exit(130);
    });
  }
  const chosenTags = new Set(chosen.map((step) => step.tag));
  // A step waits only for the chosen steps it comes after (under --serial, for the one before it).
  const waitsFor = new Map(
    chosen.map((step, i) => [
      step.tag,
      serial ? (i > 0 ? [chosen[i - 1].tag] : []) : step.after.filter((tag) => chosenTags.has(tag)),
    ]),
  );
  const results = new Map();
  const began = Date.now();
  const machineAtStart = readMachineTimes();
  let failed = false;
  let stopping = Promise.resolve();
  await new Promise((done) => {
    const startReady = () => {
      if (failed) {
        if (running.size === 0) done();
        return;
      }
      const ready = chosen.filter(
        (step) =>
          !results.has(step.tag) &&
          !running.has(step.tag) &&
          waitsFor.get(step.tag).every((tag) => results.get(tag)?.code === 0),
      );
      if (ready.length === 0 && running.size === 0) return done();
      for (const step of ready) {
        const started = Date.now();
        // Output as it comes; tagged line by line whenever another step may run beside this one.
        const prefix = !serial && chosen.length > 1;
        console.log(`\n▶ ${step.name}${prefix ? ` (${step.tag})` : ''}`);
        const loadAtStart = loadavg()[0];
        runStep(step, reportDir, { prefix, running }).then(({ code, cpu, last }) => {
          results.set(step.tag, {
            step,
            code,
            cpu,
            last,
            seconds: (Date.now() - started) / 1000,
            load: [loadAtStart, loadavg()[0]],
            startedAt: (started - began) / 1000,
          });
          // A step stopped because another failed is no failure of its own.
          if (code !== 0 && failed) results.get(step.tag).stopped = true;
          else if (code !== 0) {
            failed = true;
            console.log(`\n✗ ${step.name} failed: stopping the steps still running`);
            stopping = stopAll(running);
          }
          startReady();
        }, done);
      }
    };
    startReady();
  });
  await stopping;
  await rm(reportDir, { recursive: true, force: true });

  const total = (Date.now() - began) / 1000;
  for (const r of results.values()) {
    if (r.code === 0 || r.stopped || r.last.length === 0) continue;
    console.log(`\n✗ ${r.step.name}: its last ${r.last.length} lines again`);
    for (const line of r.last) console.log(`  ${line}`);
  }
  console.log(
    '\nSummary: each step from its start (s after the first), its wall and CPU seconds (the CPU of every ' +
      'process it ran) and the 1-minute load average at its start and end',
  );
  const done = chosen.filter((step) => results.has(step.tag)).map((step) => results.get(step.tag));
  for (const r of done.sort((a, b) => a.startedAt - b.startedAt)) {
    const status = r.code === 0 ? 'ok  ' : r.stopped ? 'stopped' : 'FAIL';
    console.log(
      `  ${status} ${r.step.name} (at ${Math.round(r.startedAt)} s: ${Math.round(r.seconds)} s, ${cpuText(r.cpu)}, ` +
        `load ${r.load[0].toFixed(1)}–${r.load[1].toFixed(1)})`,
    );
  }
  const notRun = chosen.filter((step) => !results.has(step.tag));
  if (notRun.length > 0) console.log(`  not run: ${notRun.map((step) => step.name).join('; ')}`);
  const failures = done.filter((r) => r.code !== 0 && !r.stopped).length;
  const cpu = done.reduce((sum, r) => sum + (Number.isNaN(r.cpu) ? 0 : r.cpu), 0);
  console.log(`in ${Math.floor(total / 60)} min ${Math.round(total % 60)} s, CPU ${Math.round(cpu)} s`);
  // Whether the run was bound by the CPU (the machine's cores busy throughout, this run's steps or anything
  // else on it) or by waiting (pages, databases, timers).
  const machineAtEnd = readMachineTimes();
  if (machineAtStart && machineAtEnd) {
    const busy = machineAtEnd.busy - machineAtStart.busy;
    const idle = machineAtEnd.idle - machineAtStart.idle;
    if (busy + idle > 0) {
      console.log(
        `the machine's ${availableParallelism()} cores were busy ${Math.round((100 * busy) / (busy + idle))}% of the run`,
      );
    }
  }
  console.log(`steps: ${done.filter((r) => r.code === 0).length} passed, ${failures} failed`);
  return failures > 0 || notRun.length > 0 || done.some((r) => r.stopped) ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
