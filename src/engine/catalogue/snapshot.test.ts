import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import type { Area, Product, Tenant } from '../../lib/catalog/types.ts';
import { cutText } from '../../lib/html.ts';
import type { Catalogue } from './catalogue-check.ts';
import {
  type EntryRef,
  readEntry,
  SnapshotWriter,
  snapshotIndex,
  snapshotLines,
  snapshotProducts,
  writeSnapshot,
} from './snapshot.ts';

const area: Area = { id: 1, place: 'a', imageSrc: 'http://img.test/a.jpg', description: 'A' };
const tenant: Tenant = {
  id: 1,
  name: '香月堂',
  logoSrc: 'http://img.test/t.png',
  description: '',
  officialSiteUrl: null,
};

function catalogue(descriptions: string[]): Catalogue {
  return {
    areas: [area],
    tenants: [tenant],
    products: descriptions.map((descriptionHtml, index) => ({
      ...sampleProduct(index + 1, [1]),
      descriptionHtml,
    })),
  };
}

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
  path = join(dir, 'catalogue', 'snapshot.ndjson');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every list of the snapshot at `path`, the products read to the end. */
function readSnapshot(file: string, buildId: string) {
  const { areas, tenants, products } = snapshotProducts(buildId, file);
  return { areas, tenants, products: [...products] };
}

/** A snapshot of one product whose brand has `tenantNames`. */
function writeSnapshotWith(tenantNames: { id: number; names: Record<string, string> }[]) {
  const { areas, tenants, products } = catalogue(['<p>一</p>']);
  const file = new SnapshotWriter({ areas, tenants, tenantNames, products: 1 }, 'build-1', path);
  const maker = snapshotLines(path);
  file.add(products.map((product) => maker.line(product)));
  maker.close();
  file.commit();
}

/** What a test's pages keep of a product: its title, and where its entry is. */
const keepTitle = (product: Product, ref: EntryRef) => ({ title: product.title, ref });

describe("the snapshot written as the build's product lines come", () => {
  const lines = (descriptions: string[]) => {
    const maker = snapshotLines(path);
    const made = catalogue(descriptions).products.map((product) => maker.line(product));
    maker.close();
    return made;
  };

  it('is the snapshot once committed, its lines in the order they were added', () => {
    const [one, two, three] = lines(['<p>一</p>', '<p>二</p>', '<p>三</p>']);
    const file = new SnapshotWriter({ areas: [area], tenants: [tenant], products: 3 }, 'build-1', path);
    file.add([one as Buffer]);
    file.add([two as Buffer, three as Buffer]);
    file.commit();
    expect(readSnapshot(path, 'build-1').products.map((entry) => entry.product.id)).toEqual([1, 2, 3]);
    expect(readdirSync(join(dir, 'catalogue'))).toEqual(['snapshot.ndjson']);
  });

  it('leaves the last snapshot as it was when abandoned, or committed short of its products', () => {
    writeSnapshot(catalogue(['<p>前</p>']), 'build-1', path);
    const abandoned = new SnapshotWriter({ areas: [area], tenants: [tenant], products: 1 }, 'build-2', path);
    abandoned.add(lines(['<p>新</p>']));
    abandoned.abandon();
    const short = new SnapshotWriter({ areas: [area], tenants: [tenant], products: 2 }, 'build-3', path);
    short.add(lines(['<p>新</p>']));
    expect(() => short.commit()).toThrow('the snapshot has 1 of 2 products: not written');
    expect(readSnapshot(path, 'build-1').products.map((entry) => entry.safeHtml)).toEqual(['<p>前</p>']);
    expect(readdirSync(join(dir, 'catalogue'))).toEqual(['snapshot.ndjson']);
  });
});

describe("the build's catalogue snapshot", () => {
  it('gives back every list as written, each description sanitised and as plain text', () => {
    const written = catalogue(['<p onclick="x()">国産<script>alert(1)</script><b>抹茶</b></p>', '<p>二</p>']);
    expect(writeSnapshot(written, 'build-1', path)).toEqual({ products: 2, processed: 2 });
    const read = readSnapshot(path, 'build-1');
    expect(read.areas).toEqual([area]);
    expect(read.tenants).toEqual([tenant]);
    expect(read.products.map((entry) => entry.product)).toEqual(written.products);
    expect(read.products[0]?.safeHtml).toBe('<p>国産<b>抹茶</b></p>');
    expect(read.products[0]?.plain).toBe('国産抹茶');
    expect(read.products[0]?.meta).toBe('国産抹茶');
  });

  it("keeps each product's meta description, its plain text cut once per product and not once per page", () => {
    const long = `<p>${'茶'.repeat(300)}</p>`;
    writeSnapshot(catalogue([long]), 'build-1', path);
    const [entry] = readSnapshot(path, 'build-1').products;
    expect(entry?.meta).toBe(cutText('茶'.repeat(300)));
    expect(entry?.meta).toHaveLength(120);
  });

  it('reads a description longer than what it reads from the file at a time (1 MB), whole', () => {
    const huge = 'あいう'.repeat(400_000);
    writeSnapshot(catalogue([`<p>${huge}</p>`, '<p>二</p>']), 'build-1', path);
    const read = readSnapshot(path, 'build-1');
    expect(read.products.map((entry) => entry.plain)).toEqual([huge, '二']);
  });

  it('processes again only the products whose data changed since the last snapshot', () => {
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>', '<p>三</p>']), 'build-1', path);
    const before = readSnapshot(path, 'build-1');
    expect(writeSnapshot(catalogue(['<p>一</p>', '<p>弐</p>', '<p>三</p>']), 'build-2', path)).toEqual({
      products: 3,
      processed: 1,
    });
    const after = readSnapshot(path, 'build-2');
    expect(after.products.map((entry) => entry.plain)).toEqual(['一', '弐', '三']);
    expect(after.products[0]?.digest).toBe(before.products[0]?.digest);
    expect(after.products[1]?.digest).not.toBe(before.products[1]?.digest);
  });

  it('lends no text to a build whose code may derive it differently (its inputs changed)', () => {
    const previous = process.env.BUILD_INPUTS;
    try {
      process.env.BUILD_INPUTS = 'inputs-1';
      writeSnapshot(catalogue(['<p>一 &amp; 二</p>']), 'build-1', path);
      // The same inputs: the unchanged product's text is reused.
      expect(writeSnapshot(catalogue(['<p>一 &amp; 二</p>']), 'build-2', path)).toEqual({
        products: 1,
        processed: 0,
      });
      // A new release (a sanitiser rule, how plain text is read): every product is processed again.
      process.env.BUILD_INPUTS = 'inputs-2';
      expect(writeSnapshot(catalogue(['<p>一 &amp; 二</p>']), 'build-3', path)).toEqual({
        products: 1,
        processed: 1,
      });
      expect(readSnapshot(path, 'build-3').products[0]?.plain).toBe('一 & 二');
    } finally {
      if (previous === undefined) delete process.env.BUILD_INPUTS;
      else process.env.BUILD_INPUTS = previous;
    }
  });

  it('refuses the snapshot of another build, so a page never shows a catalogue this build did not check', () => {
    writeSnapshot(catalogue(['<p>一</p>']), 'build-1', path);
    expect(() => readSnapshot(path, 'build-2')).toThrow(/catalogue of build build-1, not of this build/);
    expect(() => snapshotIndex('build-2', keepTitle, path)).toThrow(/not of this build/);
  });

  it('processes again the products of a snapshot written before meta descriptions were kept', () => {
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    writeFileSync(path, `${lines.map((line) => line.replace(/,"meta":"[^"]*"/, '')).join('\n')}\n`);
    expect(writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-2', path)).toEqual({
      products: 2,
      processed: 2,
    });
    expect(readSnapshot(path, 'build-2').products.map((entry) => entry.meta)).toEqual(['一', '二']);
  });

  it("takes an unchanged product's text from the last snapshot only when its entry there is whole", () => {
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>', '<p>三</p>']), 'build-1', path);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    // The second product's entry keeps its digest but is cut off after it.
    lines[4] = `${lines[4]?.slice(0, 60)}`;
    writeFileSync(path, `${lines.join('\n')}\n`);
    expect(writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>', '<p>三</p>']), 'build-2', path)).toEqual({
      products: 3,
      processed: 1,
    });
    expect(readSnapshot(path, 'build-2').products.map((entry) => entry.plain)).toEqual(['一', '二', '三']);
  });

  it('refuses a file cut short, and starts afresh from a damaged one', () => {
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    writeFileSync(path, `${lines.slice(0, -1).join('\n')}\n`);
    expect(() => readSnapshot(path, 'build-1')).toThrow(/cut short: 1 of 2 products/);
    writeFileSync(path, '{"not json');
    expect(writeSnapshot(catalogue(['<p>一</p>']), 'build-2', path)).toEqual({ products: 1, processed: 1 });
  });

  it("holds the brands' names in chat's languages beside the lists, for the chat pages", () => {
    const names = [{ id: 1, names: { en: 'Kogetsudo', ko: '고게쓰도' } }];
    writeSnapshotWith(names);
    expect(snapshotIndex('build-1', keepTitle, path).tenantNames).toEqual(names);
    expect(snapshotProducts('build-1', path).tenantNames).toEqual(names);
  });

  it("keeps of each product what the pages hold for their lists, and reads one product's entry back whole", () => {
    const huge = 'あいう'.repeat(400_000);
    writeSnapshot(catalogue(['<p>一</p>', `<p>${huge}</p>`, '<p>三</p>']), 'build-1', path);
    const index = snapshotIndex('build-1', keepTitle, path);
    expect(index.areas).toEqual([area]);
    expect(index.tenants).toEqual([tenant]);
    expect(index.products.map((held) => held.title)).toEqual(['商品1', '商品2', '商品3']);
    expect(index.products.map((held) => readEntry(held.ref, path).plain)).toEqual(['一', huge, '三']);
    expect(index.products.map((held) => readEntry(held.ref, path))).toEqual(
      readSnapshot(path, 'build-1').products,
    );
  });

  it('leaves out a product that is in no area, for every reader: it has no page to list or link', () => {
    const unplaced = catalogue(['<p>一</p>', '<p>二</p>', '<p>三</p>']);
    unplaced.products[1] = { ...(unplaced.products[1] as Product), areas: [] };
    writeSnapshot(unplaced, 'build-1', path);
    expect(snapshotIndex('build-1', keepTitle, path).products.map((held) => held.title)).toEqual([
      '商品1',
      '商品3',
    ]);
    expect(readSnapshot(path, 'build-1').products.map((entry) => entry.product.id)).toEqual([1, 3]);
  });

  it('is read once per build and process, and again when the file changes', () => {
    writeSnapshot(catalogue(['<p>一</p>']), 'build-1', path);
    const first = snapshotIndex('build-1', keepTitle, path);
    expect(snapshotIndex('build-1', keepTitle, path)).toBe(first);
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    expect(snapshotIndex('build-1', keepTitle, path).products).toHaveLength(2);
  });

  it('reads a product from the file its index was read from, and refuses a stale entry rather than show another', () => {
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    const second = snapshotIndex('build-1', keepTitle, path).products[1]?.ref as EntryRef;
    expect(readEntry(second, path).plain).toBe('二');
    // The first product is longer now: the second one's line starts later.
    writeSnapshot(catalogue(['<p>いち</p>', '<p>二</p>']), 'build-2', path);
    // Until the index is read again, its entries come from the file it was read from, kept open.
    expect(readEntry(second, path).plain).toBe('二');
    snapshotIndex('build-2', keepTitle, path);
    expect(() => readEntry(second, path)).toThrow(/changed since it was read: product 2/);
    // The same place, another description: the digest tells.
    writeSnapshot(catalogue(['<p>一</p>', '<p>弐</p>']), 'build-3', path);
    snapshotIndex('build-3', keepTitle, path);
    expect(() => readEntry(second, path)).toThrow(/product 2 is no longer where it was/);
  });

  it('lets go of the previous snapshot once the new one is written', () => {
    const open = () => readdirSync('/proc/self/fd').length;
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    const before = open();
    expect(writeSnapshot(catalogue(['<p>一</p>', '<p>弐</p>']), 'build-2', path)).toEqual({
      products: 2,
      processed: 1,
    });
    expect(open()).toBe(before);
  });

  it('streams the products from the file for the payload writer, one at a time', () => {
    writeSnapshot(catalogue(['<p>三</p>']), 'build-1', path);
    const streamed = snapshotProducts('build-1', path);
    expect(Array.isArray(streamed.products)).toBe(false);
    expect([...streamed.products].map((entry) => entry.plain)).toEqual(['三']);
    expect(() => snapshotProducts('build-2', path)).toThrow(/not of this build/);
  });
});
