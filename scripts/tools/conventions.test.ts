/**
 * The conventions a newcomer's tools rely on: editors format as the linter does (.editorconfig beside
 * biome.json), CI installs the lockfile as it is (`npm ci`), `npm run preview` is Astro's name for what
 * `npm run serve` does here.
 */
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
});
