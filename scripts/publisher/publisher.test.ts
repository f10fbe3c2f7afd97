import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BuildStep, oneLine, Publisher, type PublisherOptions } from './publisher.ts';

let tmp: string;
let initial: string;
let buildsDir: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'publisher-test-'));
  initial = path.join(tmp, 'dist');
  buildsDir = path.join(tmp, 'builds');
  await mkdir(initial);
  await writeFile(path.join(initial, 'index.html'), 'build 0');
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A fake builder: writes a numbered index.html after `gate` opens, counting overlapping builds. */
function fakeBuilder() {
  const state = {
    built: 0,
    running: 0,
    maxRunning: 0,
    fail: null as string | null,
    gates: [] as (() => void)[],
  };
  const build = async (outDir: string) => {
    state.running++;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    try {
      await new Promise<void>((resolve) => state.gates.push(resolve));
      if (state.fail) throw new Error(`${state.fail}\n    at somewhere (file.ts:1:1)`);
      state.built++;
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, 'index.html'), `build ${state.built}`);
    } finally {
      state.running--;
    }
  };
  /** Lets the waiting build finish, once it is waiting. */
  const release = async () => {
    while (state.gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    state.gates.shift()?.();
  };
  return { state, build, release };
}

function publisher(options: Partial<PublisherOptions> & Pick<PublisherOptions, 'build'>) {
  return new Publisher({
    initialRoot: initial,
    buildsDir,
    check: async () => ({ pages: 1 }),
    log: () => {},
    ...options,
  });
}

const served = (p: Publisher) => readFile(path.join(p.root, 'index.html'), 'utf8');

describe('the publisher', () => {
  test('builds into a fresh directory, checks it, then serves it; the first site stays until then', async () => {
    const builder = fakeBuilder();
    const checked: string[] = [];
    const p = publisher({
      build: builder.build,
      check: async (dir) => {
        checked.push(dir);
        return { pages: 42 };
      },
    });
    expect(p.publish({ trigger: 'editor', cause: 'staff' })).toBe('started');
    expect(p.busy).toBe(true);
    expect(p.records[0]).toMatchObject({ outcome: 'building', trigger: 'editor', cause: 'staff' });
    expect(await served(p)).toBe('build 0');
    await builder.release();
    await p.idle();
    expect(await served(p)).toBe('build 1');
    expect(path.dirname(p.root)).toBe(buildsDir);
    expect(checked).toEqual([p.root]);
    expect(p.records[0]).toMatchObject({ outcome: 'published', pages: 42, reason: null });
    expect(p.records[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('tells how far the build under way has come: getting ready, the catalogue, the pages, the check, the swap', async () => {
    let report: ((step: BuildStep) => void) | undefined;
    const steps: (() => void)[] = [];
    const step = () => new Promise<void>((resolve) => steps.push(resolve));
    const next = async () => {
      while (steps.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      steps.shift()?.();
    };
    const p = publisher({
      build: async (outDir, progress) => {
        report = progress;
        await step();
        progress({ stage: 'catalogue', done: 30, planned: 120 });
        await step();
        progress({ stage: 'pages', done: 0, planned: 55, reused: 124 });
        progress({ stage: 'pages', done: 45, planned: 55, reused: 124 });
        await step();
        await mkdir(outDir, { recursive: true });
        await writeFile(path.join(outDir, 'index.html'), 'new');
      },
      check: async () => {
        await step();
        return { pages: 179 };
      },
      prepare: step,
    });
    expect(p.progress).toBeNull();
    p.publish({ trigger: 'editor', cause: 'staff' });
    expect(p.progress).toEqual({ stage: 'preparing', done: 0, planned: null });
    await next();
    await vi.waitFor(() => expect(p.progress).toEqual({ stage: 'catalogue', done: 30, planned: 120 }), {
      timeout: 10_000,
    });
    await next();
    await vi.waitFor(
      () => expect(p.progress).toEqual({ stage: 'pages', done: 45, planned: 55, reused: 124 }),
      { timeout: 10_000 },
    );
    await next();
    await vi.waitFor(() => expect(p.progress).toStrictEqual({ stage: 'checking', done: 0, planned: null }), {
      timeout: 10_000,
    });
    // A late word from the build does not take the check back.
    report?.({ stage: 'pages', done: 179, planned: 179 });
    expect(p.progress?.stage).toBe('checking');
    await next();
    await vi.waitFor(() => expect(p.progress).toEqual({ stage: 'publishing', done: 0, planned: null }), {
      timeout: 10_000,
    });
    await next();
    await p.idle();
    expect(p.progress).toBeNull();
  });

  test('a failed build leaves the last good site serving and says why in one line', async () => {
    const builder = fakeBuilder();
    const p = publisher({ build: builder.build });
    p.publish({ trigger: 'editor', cause: 'staff' });
    await builder.release();
    await p.idle();
    const good = p.root;
    builder.state.fail = 'the catalogue was not published: products not found. (→ 503)';
    p.publish({ trigger: 'editor', cause: 'staff' });
    await builder.release();
    await p.idle();
    expect(p.root).toBe(good);
    expect(await served(p)).toBe('build 1');
    expect(p.records[0]).toMatchObject({
      outcome: 'failed',
      pages: null,
      reason: 'the catalogue was not published: products not found. (→ 503)',
    });
    // Nothing of the failed build is left behind.
    expect(await readdir(buildsDir)).toEqual([path.basename(good)]);
  });

  test('a build the check rejects is not served, and is recorded as rejected with the reason', async () => {
    const builder = fakeBuilder();
    const p = publisher({
      build: builder.build,
      check: async () => {
        throw new Error('3 internal links lead to no file of the build, e.g. /brands/99/');
      },
    });
    p.publish({ trigger: 'schedule', cause: 'hourly' });
    await builder.release();
    await p.idle();
    expect(p.root).toBe(initial);
    expect(p.records[0]).toMatchObject({
      outcome: 'rejected',
      reason: '3 internal links lead to no file of the build, e.g. /brands/99/',
    });
    expect(await readdir(buildsDir)).toEqual([]);
  });

  test('a build the server cannot ready (its rules) is rejected too', async () => {
    const builder = fakeBuilder();
    const p = publisher({
      build: builder.build,
      prepare: async () => {
        throw new Error('serve.mjs: cannot parse the rules');
      },
    });
    p.publish({ trigger: 'editor', cause: 'staff' });
    await builder.release();
    await p.idle();
    expect(p.root).toBe(initial);
    expect(p.records[0]?.outcome).toBe('rejected');
  });

  test('triggers during a build coalesce into at most one more build, and builds never overlap', async () => {
    const builder = fakeBuilder();
    const p = publisher({ build: builder.build });
    expect(p.publish({ trigger: 'editor', cause: 'a' })).toBe('started');
    expect(p.publish({ trigger: 'editor', cause: 'b' })).toBe('queued');
    expect(p.publish({ trigger: 'schedule', cause: 'c', condition: async () => 'changed' })).toBe(
      'coalesced',
    );
    expect(p.publish({ trigger: 'editor', cause: 'd' })).toBe('coalesced');
    await builder.release();
    await builder.release();
    await p.idle();
    expect(builder.state.built).toBe(2);
    expect(builder.state.maxRunning).toBe(1);
    expect(p.records.map((r) => r.cause)).toEqual(['b', 'a']);
    expect(await served(p)).toBe('build 2');
  });

  test("an editor's press during a build joins it when the catalogue has not changed since it began", async () => {
    const builder = fakeBuilder();
    const version = '7';
    const p = publisher({ build: builder.build, catalogVersion: async () => version });
    expect(await p.press({ trigger: 'editor', cause: 'a' })).toBe('started');
    await vi.waitFor(() => expect(builder.state.running).toBe(1), { timeout: 10_000 });
    expect(await p.press({ trigger: 'editor', cause: 'b' })).toBe('coalesced');
    expect(p.queued).toBe(false);
    await builder.release();
    await p.idle();
    expect(builder.state.built).toBe(1);
    expect(p.records.map((r) => r.cause)).toEqual(['a']);
  });

  test("an editor's press during a build queues one more when the catalogue changed after it began", async () => {
    const builder = fakeBuilder();
    let version = '7';
    const p = publisher({ build: builder.build, catalogVersion: async () => version });
    await p.press({ trigger: 'editor', cause: 'a' });
    await vi.waitFor(() => expect(builder.state.running).toBe(1), { timeout: 10_000 });
    version = '8';
    expect(await p.press({ trigger: 'editor', cause: 'b' })).toBe('queued');
    expect(await p.press({ trigger: 'editor', cause: 'c' })).toBe('coalesced');
    await builder.release();
    await builder.release();
    await p.idle();
    expect(builder.state.built).toBe(2);
    expect(p.records.map((r) => r.cause)).toEqual(['b', 'a']);
  });

  test('a press during a build queues one more when the catalogue cannot say its version', async () => {
    const builder = fakeBuilder();
    const p = publisher({
      build: builder.build,
      catalogVersion: async () => {
        throw new Error('503');
      },
    });
    await p.press({ trigger: 'editor', cause: 'a' });
    await vi.waitFor(() => expect(builder.state.running).toBe(1), { timeout: 10_000 });
    expect(await p.press({ trigger: 'editor', cause: 'b' })).toBe('queued');
    await builder.release();
    await builder.release();
    await p.idle();
  });

  test('an unconditional request wins over a queued conditional one', async () => {
    const builder = fakeBuilder();
    const p = publisher({ build: builder.build });
    p.publish({ trigger: 'editor', cause: 'first' });
    p.publish({ trigger: 'schedule', cause: 'hourly', condition: async () => null });
    p.publish({ trigger: 'editor', cause: 'staff' });
    await builder.release();
    await builder.release();
    await p.idle();
    expect(builder.state.built).toBe(2);
    expect(p.records[0]).toMatchObject({ trigger: 'editor', cause: 'staff' });
  });

  test('a conditional request builds only when its condition gives a reason, asked when its turn comes', async () => {
    const builder = fakeBuilder();
    const p = publisher({ build: builder.build });
    let reason: string | null = null;
    const condition = async () => reason;
    expect(p.publish({ trigger: 'schedule', cause: 'hourly', condition })).toBe('started');
    await p.idle();
    expect(builder.state.built).toBe(0);
    expect(p.records).toEqual([]);

    p.publish({ trigger: 'editor', cause: 'staff' });
    p.publish({ trigger: 'schedule', cause: 'hourly', condition });
    // The catalogue changes while the editor's build runs: the queued check sees it afterwards.
    reason = 'catalogue changed: 1 → 2';
    await builder.release();
    await builder.release();
    await p.idle();
    expect(builder.state.built).toBe(2);
    expect(p.records[0]).toMatchObject({ trigger: 'schedule', cause: 'catalogue changed: 1 → 2' });

    // A check that cannot answer builds nothing.
    p.publish({
      trigger: 'schedule',
      cause: 'hourly',
      condition: async () => {
        throw new Error('catalog API answered 503');
      },
    });
    await p.idle();
    expect(builder.state.built).toBe(2);
  });

  test('keeps only the last few output directories, never deleting the live one or the first site', async () => {
    const builder = fakeBuilder();
    const p = publisher({ build: builder.build, keep: 2 });
    for (let i = 0; i < 4; i++) {
      p.publish({ trigger: 'editor', cause: String(i) });
      await builder.release();
      await p.idle();
    }
    const left = await readdir(buildsDir);
    expect(left).toHaveLength(2);
    expect(left).toContain(path.basename(p.root));
    expect(await served(p)).toBe('build 4');
    expect(existsSync(path.join(initial, 'index.html'))).toBe(true);
  });

  test('keeps a bounded history, newest first', async () => {
    const builder = fakeBuilder();
    const p = publisher({ build: builder.build, history: 3 });
    p.record({
      trigger: 'start',
      cause: 'npm start',
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
      pages: 1,
      outcome: 'published',
      reason: null,
    });
    for (let i = 0; i < 3; i++) {
      p.publish({ trigger: 'editor', cause: String(i) });
      await builder.release();
      await p.idle();
    }
    expect(p.records.map((r) => r.cause)).toEqual(['2', '1', '0']);
  });
});

describe('a one-line reason', () => {
  test('is the first non-empty line, trimmed and bounded', () => {
    expect(oneLine(new Error('\n  first line  \nsecond'))).toBe('first line');
    expect(oneLine('x'.repeat(400))).toHaveLength(300);
    expect(oneLine(new Error(''))).toBe('unknown error');
  });
});

describe('the build history on disk', () => {
  const historyOf = (p: Publisher) => p.records.map((r) => `${r.id} ${r.trigger} ${r.cause} ${r.outcome}`);

  test('survives a restart: a new publisher shows the last builds, newest first, and numbers on', async () => {
    const historyFile = path.join(tmp, 'builds-history.json');
    const builder = fakeBuilder();
    const first = publisher({ build: builder.build, historyFile });
    first.record({
      trigger: 'start',
      cause: 'npm start',
      startedAt: new Date(0).toISOString(),
      durationMs: 1500,
      pages: 12,
      outcome: 'published',
      reason: null,
    });
    first.publish({ trigger: 'editor', cause: 'staff' });
    await builder.release();
    await first.idle();
    builder.state.fail = 'products not found. (→ 503)';
    first.publish({ trigger: 'schedule', cause: 'catalogue changed: 1 → 2' });
    await builder.release();
    await first.idle();

    const again = publisher({ build: builder.build, historyFile });
    expect(again.records).toEqual(first.records);
    expect(historyOf(again)).toEqual([
      '3 schedule catalogue changed: 1 → 2 failed',
      '2 editor staff published',
      '1 start npm start published',
    ]);
    expect(again.records[0]?.reason).toBe('products not found. (→ 503)');
    expect(again.records[1]?.durationMs).toBeGreaterThanOrEqual(0);

    builder.state.fail = null;
    again.publish({ trigger: 'editor', cause: 'staff' });
    await builder.release();
    await again.idle();
    expect(again.records[0]?.id).toBe(4);
    // Written whole each time, through a file of its own that is renamed over the old one.
    expect((await readdir(tmp)).filter((name) => name.startsWith('builds-history'))).toEqual([
      'builds-history.json',
    ]);
    expect(JSON.parse(await readFile(historyFile, 'utf8'))).toMatchObject({
      version: 1,
      builds: again.records,
    });
  });

  test('keeps only the last builds', async () => {
    const historyFile = path.join(tmp, 'history.json');
    const builder = fakeBuilder();
    const p = publisher({ build: builder.build, historyFile, history: 2 });
    for (let i = 0; i < 3; i++) {
      p.publish({ trigger: 'editor', cause: String(i) });
      await builder.release();
      await p.idle();
    }
    const again = publisher({ build: builder.build, historyFile, history: 2 });
    expect(historyOf(again)).toEqual(['3 editor 2 published', '2 editor 1 published']);
    expect(JSON.parse(await readFile(historyFile, 'utf8')).builds).toHaveLength(2);
  });

  test('a build the server stopped in the middle of is listed as failed, saying so', async () => {
    const historyFile = path.join(tmp, 'history.json');
    const building = {
      id: 7,
      trigger: 'editor',
      cause: 'staff',
      startedAt: '2026-11-23T09:00:00.000Z',
      durationMs: null,
      pages: null,
      outcome: 'building',
      reason: null,
    };
    await writeFile(historyFile, JSON.stringify({ version: 1, builds: [building] }));
    const p = publisher({ build: fakeBuilder().build, historyFile });
    expect(p.busy).toBe(false);
    expect(p.records).toEqual([
      { ...building, outcome: 'failed', reason: 'ビルドの途中でサーバーが止まりました。' },
    ]);
  });

  test('a history it cannot read says so in the log and is replaced, never trusted in part', async () => {
    const historyFile = path.join(tmp, 'history.json');
    const lines: string[] = [];
    for (const text of [
      '{ not json',
      JSON.stringify({ version: 1, builds: [{ id: 'x' }] }),
      JSON.stringify({ version: 99, builds: [] }),
    ]) {
      await writeFile(historyFile, text);
      const p = publisher({ build: fakeBuilder().build, historyFile, log: (line) => lines.push(line) });
      expect(p.records).toEqual([]);
    }
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^publisher: .*history\.json is not a build history/);
    // None at all is a first start, and says nothing.
    await rm(historyFile);
    publisher({ build: fakeBuilder().build, historyFile, log: (line) => lines.push(line) });
    expect(lines).toHaveLength(3);
  });
});
