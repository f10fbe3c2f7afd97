import { differences } from './golden.mjs';

const line = (digest: string, file: string) => `${digest.repeat(64)}  ${file}`;

describe('the golden output check', () => {
  it('names every file added, removed or changed, sorted by file, and nothing else', () => {
    const expected = [line('a', 'index.html'), line('b', 'old.html'), line('c', 'same.css')].join('\n');
    const actual = [line('a', 'index.html'), line('d', 'same.css'), line('e', 'new.html')].join('\n');
    expect(differences(expected, actual)).toEqual([
      '  added    new.html',
      '  removed  old.html',
      '  changed  same.css',
    ]);
  });

  it('finds nothing when the lists are the same', () => {
    const list = `${line('a', 'index.html')}\n${line('b', 'sitemap-0.xml')}\n`;
    expect(differences(list, list)).toEqual([]);
  });
});
