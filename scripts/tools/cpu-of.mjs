// `node scripts/tools/cpu-of.mjs REPORT [--nice N] -- ARGS…`: runs `node ARGS…` on the pinned Node, waits
// for it, and writes to the file REPORT the CPU seconds (user and system) of the whole process tree it ran:
// the children this process waited for, with theirs (/proc/self/stat, cutime and cstime). Exits with the
// child's code. With `--nice N` the tree runs at that scheduling priority (every process it starts inherits
// it). scripts/tools/test.mjs runs each step through it, so steps that run at once are measured apart.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * CPU seconds (user and system) of this process's children that have ended and been waited for, with
 * theirs (/proc/self/stat, cutime and cstime, in ticks of 1/100 s); NaN where /proc is not there.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Counted from the state (field 3): cutime is field 16, cstime 17.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

const [report, ...rest] = process.argv.slice(2);
let niceness = 0;
if (rest[0] === '--nice') {
  niceness = Number(rest[1]);
  rest.splice(0, 2);
}
const [separator, ...args] = rest;
if (!report || separator !== '--' || args.length === 0 || !Number.isInteger(niceness)) {
  console.error('usage: node scripts/tools/cpu-of.mjs REPORT [--nice N] -- ARGS…');
  process.exit(2);
}
if (niceness !== 0) {
  // Set on this process before the child is started, so that the whole tree inherits it.
  setPriority(niceness);
  // Linux with autogroups (sched_autogroup_enabled) shares the CPU between sessions first, and a niceness
  // counts only within its session: scripts/tools/test.mjs starts each step in a session of its own, led
  // by this process, so the session's own niceness is set too. Elsewhere there is no such file.
  try {
    writeFileSync('/proc/self/autogroup', String(niceness));
  } catch {
    // No autogroups here: the process's niceness is all there is.
  }
}
const child = spawn(process.execPath, args, { stdio: 'inherit' });
// Stopped with its process group: the child ends too, and this process still reports what it used.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
child.on('exit', (code, signal) => {
  writeFileSync(report, String(childCpuSeconds()));
  process.exit(code ?? (signal ? 1 : 0));
});
