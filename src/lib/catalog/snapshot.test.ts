import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cutText } from '../html.ts';
import type { Catalogue } from './catalog-check.ts';
import { listedProduct } from './fixtures.ts';
import { buildSnapshot, readSnapshot, snapshotProducts, writeSnapshot } from './snapshot.ts';
import type { Area, Tenant } from './types.ts';

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
      ...listedProduct(index + 1, [1]),
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

  it('refuses the snapshot of another build, so a page never shows a catalogue this build did not check', () => {
    writeSnapshot(catalogue(['<p>一</p>']), 'build-1', path);
    expect(() => readSnapshot(path, 'build-2')).toThrow(/catalogue of build build-1, not of this build/);
    expect(() => buildSnapshot('build-2', path)).toThrow(/not of this build/);
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

  it('refuses a file cut short, and starts afresh from a damaged one', () => {
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    writeFileSync(path, `${lines.slice(0, -1).join('\n')}\n`);
    expect(() => readSnapshot(path, 'build-1')).toThrow(/cut short: 1 of 2 products/);
    writeFileSync(path, '{"not json');
    expect(writeSnapshot(catalogue(['<p>一</p>']), 'build-2', path)).toEqual({ products: 1, processed: 1 });
  });

  it('is read once per build and process, and again when the file changes', () => {
    writeSnapshot(catalogue(['<p>一</p>']), 'build-1', path);
    const first = buildSnapshot('build-1', path);
    expect(buildSnapshot('build-1', path)).toBe(first);
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    expect(buildSnapshot('build-1', path).products).toHaveLength(2);
  });

  it('hands the payload writer the products this process already read, or else streams them from the file', () => {
    writeSnapshot(catalogue(['<p>一</p>', '<p>二</p>']), 'build-1', path);
    const held = buildSnapshot('build-1', path);
    expect(snapshotProducts('build-1', path).products).toBe(held.products);
    const other = join(dir, 'other.ndjson');
    writeSnapshot(catalogue(['<p>三</p>']), 'build-1', other);
    const streamed = snapshotProducts('build-1', other);
    expect(Array.isArray(streamed.products)).toBe(false);
    expect([...streamed.products].map((entry) => entry.plain)).toEqual(['三']);
    expect(() => snapshotProducts('build-2', other)).toThrow(/not of this build/);
  });
});
