import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { searchEntry } from '../../features/chat/search-index.ts';
import type { Product } from '../../lib/catalog/types.ts';
import { chatSearchTexts } from './chat-search-texts.ts';
import { entryKey, SearchEntryCache } from './search-entry-cache.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-entries-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const towel = (title = 'Imabari towel'): Product => ({ ...sampleProduct(1, [1], 1), title });
const names = (japanese = '今治タオル') => ({
  japaneseTitles: new Map([[1, japanese]]),
  texts: chatSearchTexts('en'),
});

/** One build's index entries through the cache in `file`; which were made (not taken from the last build). */
function build(file: string, inputs: string, products: { product: Product; japanese: string }[]) {
  const cache = SearchEntryCache.open(file, inputs);
  const made: number[] = [];
  const entries = products.map(({ product, japanese }) =>
    cache.entry(entryKey(product, japanese, undefined), () => {
      made.push(product.id);
      return searchEntry(product, names(japanese));
    }),
  );
  cache.save();
  return { entries, made, reused: cache.reused };
}

describe("the last build's search index entries", () => {
  it('are taken again for a product unchanged in its language, equal to one made anew', () => {
    const file = join(dir, 'en.json');
    const first = build(file, 'inputs-1', [{ product: towel(), japanese: '今治タオル' }]);
    expect(first.made).toEqual([1]);
    const again = build(file, 'inputs-1', [{ product: towel(), japanese: '今治タオル' }]);
    expect(again).toEqual({ entries: first.entries, made: [], reused: 1 });
    expect(again.entries[0]).toEqual(searchEntry(towel(), names()));
  });

  it('are made anew when the product, its Japanese title or the code that made them changed', () => {
    const file = join(dir, 'en.json');
    build(file, 'inputs-1', [{ product: towel(), japanese: '今治タオル' }]);
    const retitled = build(file, 'inputs-1', [{ product: towel('Soft towel'), japanese: '今治タオル' }]);
    expect(retitled.made).toEqual([1]);
    expect(retitled.entries[0]).toEqual(searchEntry(towel('Soft towel'), names()));
    expect(build(file, 'inputs-1', [{ product: towel('Soft towel'), japanese: 'タオル' }]).made).toEqual([1]);
    expect(build(file, 'inputs-2', [{ product: towel('Soft towel'), japanese: 'タオル' }]).made).toEqual([1]);
  });

  it("hold only the last build's products, and lend nothing from a damaged file", () => {
    const file = join(dir, 'en.json');
    const other = { ...sampleProduct(2, [1], 1), title: 'Green tea' };
    build(file, 'inputs-1', [
      { product: towel(), japanese: '今治タオル' },
      { product: other, japanese: '緑茶' },
    ]);
    // Product 2 left the catalogue: the next build keeps only product 1.
    build(file, 'inputs-1', [{ product: towel(), japanese: '今治タオル' }]);
    expect(build(file, 'inputs-1', [{ product: other, japanese: '緑茶' }]).made).toEqual([2]);
    writeFileSync(file, '{"inputs":"inputs-1","entries":');
    expect(build(file, 'inputs-1', [{ product: other, japanese: '緑茶' }]).made).toEqual([2]);
  });
});
