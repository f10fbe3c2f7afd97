/**
 * The conventions a newcomer's tools rely on: editors format as the linter does (.editorconfig beside
 * biome.json), CI installs the lockfile as it is (`npm ci`), `npm run preview` is Astro's name for what
 * `npm run serve` does here, and a test's `vi.waitFor` says how long it waits.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const read = (name: string) => readFileSync(join(ROOT, name), 'utf8');

/** The settings of one section of .editorconfig. */
function editorconfig(section: string): Record<string, string> {
  const settings: Record<string, string> = {};
  let current = '';
  for (const raw of read('.editorconfig').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const heading = /^\[(.+)\]$/.exec(line);
    if (heading) current = heading[1] ?? '';
    else if (current === section) {
      const [key = '', value = ''] = line.split('=').map((part) => part.trim());
      settings[key] = value;
    }
  }
  return settings;
}

/** The text of every `vi.waitFor(…)` call in `source`, its arguments whole (parentheses matched). */
function waitForCalls(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/vi\.waitFor\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < source.length) {
      const char = source[end];
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      end += 1;
    }
    calls.push(source.slice(match.index, end));
  }
  return calls;
}

describe('conventions', () => {
  test('.editorconfig sets what biome.json formats to: spaces, their width, the line length', () => {
    const biome = JSON.parse(read('biome.json')) as {
      formatter: { indentStyle: string; indentWidth: number; lineWidth: number };
    };
    expect(editorconfig('*')).toMatchObject({
      indent_style: biome.formatter.indentStyle,
      indent_size: String(biome.formatter.indentWidth),
      max_line_length: String(biome.formatter.lineWidth),
      end_of_line: 'lf',
      charset: 'utf-8',
      insert_final_newline: 'true',
    });
  });

  test('CI installs exactly the lockfile', () => {
    expect(read('.ci/run')).toMatch(/^npm ci\b/m);
    expect(read('.ci/run')).not.toMatch(/^npm install\b/m);
  });

  test('`npm run preview` serves the build as `npm run serve` does', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.preview).toBe(scripts.serve);
  });

  test("every test's `vi.waitFor` gives its own time limit: Vitest's one second is too short under load", () => {
    // The unit and PostgreSQL steps run at a low priority beside the browsers (scripts/tools/test.mjs).
    const files = execFileSync('git', ['ls-files', '*.test.ts', '*.test.tsx'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file !== '' && !file.endsWith('conventions.test.ts'));
    const unlimited = files.flatMap((file) =>
      waitForCalls(read(file))
        .filter((call) => !/\btimeout:/.test(call))
        .map((call) => `${file}: ${call.slice(0, 80)}`),
    );
    expect(waitForCalls('vi.waitFor(() => f(g()), { timeout: 1 }); vi.waitFor(h)')).toEqual([
      'vi.waitFor(() => f(g()), { timeout: 1 })',
      'vi.waitFor(h)',
    ]);
    expect(unlimited).toEqual([]);
  });
});
