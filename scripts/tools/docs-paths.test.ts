/**
 * The docs point only at files of this repository, and only at files that are there: a path a move left
 * behind in README.md, CONTRIBUTING.md, SECURITY.md or docs/ fails here. docs/decisions.md stays short
 * enough to read whole.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`),
];
/** A path from the repository's root as the docs write it (`[id]` segments too; not an npm scope such as `@netlify/…`); patterns are not checked. */
const PATH =
  /(?<![\w/.@-])(?:src|scripts|tests|netlify|docs|public)\/(?:[\w./@-]|\[[\w.]+\])*(?:\w|\[[\w.]+\])/g;

function namedPaths(text: string): string[] {
  return [...text.matchAll(PATH)]
    .filter((match) => !/^\/?[*{]/.test(text.slice(match.index + match[0].length)))
    .map((match) => match[0]);
}

describe('the docs', () => {
  it('name only files and folders the repository has', () => {
    const missing: string[] = [];
    for (const doc of DOCS) {
      readFileSync(join(ROOT, doc), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const path of namedPaths(line)) {
            if (!existsSync(join(ROOT, path))) missing.push(`${doc}:${index + 1}: ${path}`);
          }
        });
    }
    expect(missing).toEqual([]);
  });

  it('are read for paths as a reader would, and a path that is not there is found', () => {
    expect(namedPaths('see [the map](docs/architecture.md) and `src/lib/gone.ts`.')).toEqual([
      'docs/architecture.md',
      'src/lib/gone.ts',
    ]);
    expect(namedPaths('files under `src/engine/*/` and src/pages/area/[id]/index.astro')).toEqual([
      'src/pages/area/[id]/index.astro',
    ]);
  });
});

/** The most lines docs/decisions.md may have: history and figures belong in git and docs/performance.md. */
const DECISIONS_MAX_LINES = 450;

describe('docs/decisions.md', () => {
  it(`stays within ${DECISIONS_MAX_LINES} lines`, () => {
    const text = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    expect(
      lines,
      'shorten a record (history and figures go to git and docs/performance.md)',
    ).toBeLessThanOrEqual(DECISIONS_MAX_LINES);
  });
});
