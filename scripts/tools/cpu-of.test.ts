import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'cpu-of-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `node -e code` through cpu-of.mjs; its exit code and the CPU seconds it reported. */
function cpuOf(code: string): { status: number | null; seconds: number } {
  const report = join(folder, `report-${Math.random().toString(36).slice(2)}`);
  const run = spawnSync(process.execPath, ['scripts/tools/cpu-of.mjs', report, '--', '-e', code], {
    encoding: 'utf8',
  });
  return { status: run.status, seconds: Number(readFileSync(report, 'utf8')) };
}

/**
 * Busy until the process has used `ms` of CPU time (not of the clock: on a loaded machine a second of the
 * clock may give it a fifth of a core), then writes `flag` (when given).
 */
const burn = (ms: number, flag = '') =>
  `while (process.cpuUsage().user < ${ms * 1000}); ${flag ? `require('fs').writeFileSync(${JSON.stringify(flag)}, '')` : ''}`;

/** Whether this machine lets a process make a cgroup v1 cpuacct group (Linux, as root). */
function cpuacctWritable(): boolean {
  try {
    accessSync('/sys/fs/cgroup/cpuacct', constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

describe("a step's CPU (scripts/tools/cpu-of.mjs)", () => {
  it("counts the child's CPU and exits with its code", () => {
    const { status, seconds } = cpuOf(`${burn(600)}; process.exit(3)`);
    expect(status).toBe(3);
    expect(seconds).toBeGreaterThanOrEqual(0.5);
  });

  it.runIf(cpuacctWritable())(
    'counts a process whose parent ended before it (a browser renderer left behind)',
    () => {
      // The child starts a middle process, which starts a burner detached and ends at once: the burner, an
      // orphan, is never waited for by the child, which waits for the burner's flag instead.
      const flag = join(folder, 'burnt');
      const middle = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(burn(1500, flag))}], { detached: true, stdio: 'ignore' }).unref()`;
      const child = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(middle)}], { stdio: 'ignore' });
      const wait = () => require('fs').existsSync(${JSON.stringify(flag)}) || setTimeout(wait, 50); wait();`;
      const { status, seconds } = cpuOf(child);
      expect(status).toBe(0);
      expect(seconds).toBeGreaterThanOrEqual(1.4);
    },
  );
});
