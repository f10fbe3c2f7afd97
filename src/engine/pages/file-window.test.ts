import * as fs from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileWindow } from './file-window.ts';

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  return { ...original, readSync: vi.fn(original.readSync) };
});
const readSync = vi.mocked(fs.readSync);

let dir: string;
let path: string;
/** Entries of a few bytes to 30 KB, Japanese text, one after another: where each is in the file. */
let places: { offset: number; length: number; bytes: Buffer }[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-window-'));
  path = join(dir, 'entries');
  places = [];
  let offset = 0;
  for (let i = 0; i < 200; i++) {
    const bytes = Buffer.from(`{"id":${i},"説明":"${'器'.repeat(i % 3 === 0 ? 10_000 : i)}"}\n`);
    places.push({ offset, length: bytes.length - 1, bytes: bytes.subarray(0, -1) });
    offset += bytes.length;
  }
  writeFileSync(path, Buffer.concat(places.map(({ bytes }) => Buffer.concat([bytes, Buffer.from('\n')]))));
  readSync.mockClear();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('reading a file at given places through a window', () => {
  it('gives every entry read in file order, a megabyte of the file per read', () => {
    const window = new FileWindow(path);
    for (const { offset, length, bytes } of places) expect(window.read(offset, length)).toEqual(bytes);
    const size = fs.statSync(path).size;
    // 200 entries, about 2 MB: two or three reads of the window, not one per entry.
    expect(size).toBeGreaterThan(1.9 * 2 ** 20);
    expect(readSync.mock.calls.length).toBeLessThanOrEqual(Math.ceil(size / (1 << 20)) + 1);
    window.close();
  });

  it('gives the same bytes read backwards or at random, reading only what is asked away from the window', () => {
    const window = new FileWindow(path, { windowBytes: 64 * 1024 });
    const backwards = [...places].reverse();
    const [last, ...rest] = backwards as [(typeof places)[number], ...typeof places];
    expect(window.read(last.offset, last.length)).toEqual(last.bytes);
    for (const { offset, length, bytes } of rest) {
      readSync.mockClear();
      expect(window.read(offset, length)).toEqual(bytes);
      expect(readSync.mock.calls.map((call) => (call as unknown[])[3])).toEqual([length]);
    }
    for (const i of [17, 3, 150, 151, 2, 199, 0]) {
      const { offset, length, bytes } = places[i] as (typeof places)[number];
      expect(window.read(offset, length)).toEqual(bytes);
    }
    window.close();
  });

  it('reads an entry larger than the window whole', () => {
    const window = new FileWindow(path, { windowBytes: 1024 });
    const large = places[3] as (typeof places)[number];
    expect(large.length).toBeGreaterThan(1024);
    expect(window.read(large.offset, large.length)).toEqual(large.bytes);
    expect(window.read((places[4] as (typeof places)[number]).offset, 5)).toEqual(Buffer.from('{"id"'));
    window.close();
  });

  it('gives fewer bytes than asked where the file ends, and reads again after being closed', () => {
    const window = new FileWindow(path);
    const last = places.at(-1) as (typeof places)[number];
    expect(window.read(last.offset, last.length + 100)).toEqual(
      Buffer.concat([last.bytes, Buffer.from('\n')]),
    );
    window.close();
    expect(window.read(0, 8)).toEqual(Buffer.from('{"id":0,'));
    window.close();
  });
});
