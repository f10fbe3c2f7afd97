import type { AstroLoggerMessage } from 'astro';
import astroNodeDestination from 'astro/logger/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_BYTES, FLUSH_MS, gatheredLog, type Outputs } from './build-log.ts';

const messages: AstroLoggerMessage[] = [
  { level: 'info', label: 'build', message: 'Collecting build info...', newLine: true },
  { level: 'info', label: null, message: '  ├─ /area/1/products/2/index.html', newLine: false },
  { level: 'info', label: 'SKIP_FORMAT', message: ' (+3ms)', newLine: true },
  { level: 'warn', label: 'config', message: '設定の警告', newLine: true },
  { level: 'info', label: 'content', message: 'Synced content', newLine: true },
  { level: 'error', label: null, message: 'the catalogue was not published: 商品', newLine: true },
  { level: 'info', label: null, message: 'after the error', newLine: true },
];

let out: string[];
let err: string[];
let order: string[];
const outputs = (): Outputs => ({
  out: (text) => {
    out.push(text);
    order.push(`out:${text}`);
  },
  err: (text) => {
    err.push(text);
    order.push(`err:${text}`);
  },
  colours: false,
  now: () => new Date(),
});

beforeEach(() => {
  out = [];
  err = [];
  order = [];
  vi.useFakeTimers({ now: new Date(2026, 10, 26, 9, 5, 7) });
});
afterEach(() => vi.useRealTimers());

describe("the build's log", () => {
  it("writes the same text as Astro's own destination, on the same outputs", () => {
    const astroOut: string[] = [];
    const astroErr: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => astroOut.push(String(text)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => astroErr.push(String(text)) > 0);
    const astro = astroNodeDestination({ level: 'info' });
    for (const message of messages) astro.write(message);
    vi.restoreAllMocks();

    const log = gatheredLog({ level: 'info' }, outputs());
    for (const message of messages) log.write(message);
    log.flush();
    // Astro colours its lines when it decides the output takes colours (on CI it does): compared without.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
    const plain = (texts: string[]) => texts.join('').replace(/\x1b\[[0-9;]*m/g, '');
    expect(out.join('')).toBe(plain(astroOut));
    expect(err.join('')).toBe(plain(astroErr));
    expect(out.join('')).toContain('09:05:07 [build] Collecting build info...\n');
    expect(out.join('')).toContain('  ├─ /area/1/products/2/index.html (+3ms)\n');
  });

  it("colours the time, the label and warnings as Astro's own destination does, when the output takes colours", () => {
    const log = gatheredLog({ level: 'info' }, { ...outputs(), colours: true });
    for (const message of messages.slice(0, 4)) log.write(message);
    log.write(messages[5] as AstroLoggerMessage);
    log.flush();
    expect(out.join('')).toBe(
      '\x1b[2m09:05:07\x1b[22m \x1b[34m[build]\x1b[39m Collecting build info...\n' +
        '\x1b[2m09:05:07\x1b[22m   ├─ /area/1/products/2/index.html (+3ms)\n' +
        '\x1b[33m\x1b[1m09:05:07\x1b[22m [WARN] [config]\x1b[39m 設定の警告\n',
    );
    expect(err.join('')).toBe(
      '\x1b[31m\x1b[1m09:05:07\x1b[22m [ERROR]\x1b[39m the catalogue was not published: 商品\n',
    );
  });

  it('gathers the lines of many pages into a few writes, and writes them within a moment', () => {
    const log = gatheredLog({ level: 'info' }, outputs());
    for (let page = 0; page < 100; page++) {
      log.write({
        level: 'info',
        label: null,
        message: `  ├─ /area/1/products/${page}/index.html`,
        newLine: false,
      });
      log.write({ level: 'info', label: 'SKIP_FORMAT', message: ' (+1ms)', newLine: true });
    }
    expect(out).toEqual([]);
    vi.advanceTimersByTime(FLUSH_MS);
    expect(out).toHaveLength(1);
    expect(out[0]?.split('\n')).toHaveLength(101);
  });

  it('writes as soon as the gathered text is long enough', () => {
    const log = gatheredLog({ level: 'info' }, outputs());
    const line = { level: 'info', label: null, message: 'x'.repeat(1000), newLine: true } as const;
    for (let index = 0; index < FLUSH_BYTES / 1000 + 1; index++) log.write(line);
    expect(out).toHaveLength(1);
  });

  it('writes what was gathered before a warning or an error, so the order stays', () => {
    const log = gatheredLog({ level: 'info' }, outputs());
    for (const message of messages) log.write(message);
    log.flush();
    expect(order.map((entry) => entry.split(':')[0])).toEqual(['out', 'out', 'out', 'err', 'out']);
    expect(order[3]).toBe('err:09:05:07 [ERROR] the catalogue was not published: 商品\n');
    expect(order[4]).toBe('out:09:05:07 after the error\n');
  });

  it('leaves out what is below its level', () => {
    const log = gatheredLog({ level: 'warn' }, outputs());
    for (const message of messages) log.write(message);
    log.flush();
    expect(out.join('')).toBe('09:05:07 [WARN] [config] 設定の警告\n');
    expect(err).toHaveLength(1);
  });
});
