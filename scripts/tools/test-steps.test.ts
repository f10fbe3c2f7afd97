import { cpuText, machineTimes, steps } from './test.mjs';

const byTag = new Map(steps.map((step) => [step.tag, step]));

/** Whether step `later` waits, directly or through others, for step `earlier`. */
function waitsFor(later: string, earlier: string): boolean {
  const seen = new Set<string>();
  const queue = [...(byTag.get(later)?.after ?? [])];
  while (queue.length > 0) {
    const tag = queue.shift() as string;
    if (tag === earlier) return true;
    if (seen.has(tag)) continue;
    seen.add(tag);
    queue.push(...(byTag.get(tag)?.after ?? []));
  }
  return false;
}

describe("npm test's steps", () => {
  it('each wait for steps listed before them only, so the list in order (`--serial`) keeps every wait', () => {
    steps.forEach((step, index) => {
      for (const tag of step.after) {
        const at = steps.findIndex((other) => other.tag === tag);
        expect(at, `${step.tag} after ${tag}`).toBeGreaterThanOrEqual(0);
        expect(at, `${step.tag} after ${tag}`).toBeLessThan(index);
      }
    });
  });

  it('start only once the quick checks (lint, the dependency direction, unused code) have passed', () => {
    for (const step of steps.slice(3)) {
      for (const quick of ['lint', 'deps', 'knip']) expect(waitsFor(step.tag, quick), step.tag).toBe(true);
    }
  });

  it('never run two builds of the checkout itself at once: one always waits for the other', () => {
    const building = steps.filter((step) => step.buildsCheckout).map((step) => step.tag);
    expect(building).toEqual(['e2e']);
    for (const a of building) {
      for (const b of building) {
        if (a < b) expect(waitsFor(a, b) || waitsFor(b, a), `${a} and ${b}`).toBe(true);
      }
    }
  });
});

describe("the machine's share of busy CPU time", () => {
  it('counts user, nice, system, interrupts and steal as busy, idle and disk waits as idle', () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    expect(machineTimes('cpu  100 20 30 400 50 1 2 3 90 9\ncpu0 1 2 3 4 5 6 7 8 9 10\n')).toEqual({
      busy: 156,
      idle: 450,
    });
  });

  it('gives nothing for a line it cannot read', () => {
    expect(machineTimes('')).toBeUndefined();
    expect(machineTimes('intr 1 2 3')).toBeUndefined();
  });
});

describe("a step's CPU in the summary", () => {
  it('is rounded to the second', () => {
    expect(cpuText(193.4)).toBe('CPU 193 s');
  });

  it('is unknown, not a number, for a step stopped before it reported', () => {
    expect(cpuText(Number.NaN)).toBe('CPU unknown');
  });
});
