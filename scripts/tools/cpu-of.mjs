// `node scripts/tools/cpu-of.mjs REPORT [--nice N] -- ARGS…`: runs `node ARGS…` on the pinned Node, waits
// for it, and writes to the file REPORT the CPU seconds (user and system) of everything it ran. Exits with
// the child's code. With `--nice N` the tree runs at that scheduling priority (every process it starts
// inherits it). scripts/tools/test.mjs runs each step through it, so steps that run at once are measured
// apart.
//
// What "everything" means depends on the machine. Where this process may make a control group of its own
// (Linux, as root: cgroup v1's cpuacct or cgroup v2), it runs the child in one and reports the group's CPU:
// every process started under it, those whose parent ended first (a browser's renderers when the browser is
// closed, a database server that detached) included. Elsewhere it reports the children it waited for, with
// theirs (/proc/self/stat, cutime and cstime), which leaves those out.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

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

/**
 * This process's control group in a hierarchy: the path after the hierarchy's line in /proc/self/cgroup
 * (`ID:cpu,cpuacct:/path` for cgroup v1's cpuacct, `0::/path` for cgroup v2).
 */
function ownGroupPath(controller) {
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (
      path !== undefined &&
      (controller ? controllers.split(',').includes(controller) : controllers === '')
    ) {
      return path;
    }
  }
  throw new Error(`not in a ${controller || 'cgroup v2'} group`);
}

/**
 * The control group hierarchies that count CPU time: cgroup v1's cpuacct (its total in nanoseconds in
 * `cpuacct.usage`), which only counts, then cgroup v2's (`usage_usec` in `cpu.stat`) where its cpu
 * controller is off below this process's group, since a group of its own would then get a share of the CPU
 * of its own and the steps' niceness would count only inside it.
 */
const HIERARCHIES = [
  {
    parent: () => join('/sys/fs/cgroup/cpuacct', ownGroupPath('cpuacct')),
    seconds: (dir) => Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8')) / 1e9,
  },
  ...['/sys/fs/cgroup/unified', '/sys/fs/cgroup'].map((mount) => ({
    parent: () => {
      const parent = join(mount, ownGroupPath(''));
      if (readFileSync(join(parent, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('cpu')) {
        throw new Error('the cpu controller shares the CPU between groups here');
      }
      return parent;
    },
    seconds: (dir) =>
      Number(/^usage_usec (\d+)/m.exec(readFileSync(join(dir, 'cpu.stat'), 'utf8'))?.[1]) / 1e6,
  })),
];

/**
 * Moves this process into a new control group, inside its own, of the first hierarchy that allows it (its
 * children are started in it); undefined where none does (not Linux, not root, no such mount).
 */
function enterOwnGroup() {
  for (const hierarchy of HIERARCHIES) {
    let group;
    try {
      const parent = hierarchy.parent();
      group = { ...hierarchy, parent, dir: mkdtempSync(join(parent, 'cpu-of-')) };
      writeFileSync(join(group.dir, 'cgroup.procs'), String(process.pid));
      if (!Number.isFinite(hierarchy.seconds(group.dir))) throw new Error('no CPU figure');
      return group;
    } catch {
      if (group) removeGroup(group);
    }
  }
  return undefined;
}

/** Goes back to the group it came from and removes its own (a process still in it keeps it: it is left). */
function removeGroup(group) {
  try {
    writeFileSync(join(group.parent, 'cgroup.procs'), String(process.pid));
    rmdirSync(group.dir);
  } catch {
    // Another process is still in it, or it is gone.
  }
}

/** This process's own CPU seconds, which its group counts too. */
function ownCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
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
const group = enterOwnGroup();
const before = group ? group.seconds(group.dir) - ownCpuSeconds() : 0;
const child = spawn(process.execPath, args, { stdio: 'inherit' });
// Stopped with its process group: the child ends too, and this process still reports what it used.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
child.on('exit', (code, signal) => {
  let seconds = childCpuSeconds();
  if (group) {
    try {
      seconds = group.seconds(group.dir) - ownCpuSeconds() - before;
    } catch {
      // The group's figure could not be read: the waited-for children's stands.
    }
    removeGroup(group);
  }
  writeFileSync(report, String(seconds));
  process.exit(code ?? (signal ? 1 : 0));
});
