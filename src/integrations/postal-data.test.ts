/**
 * The postal-code files are written by a thread of their own while the pages render: every prefix's file
 * in the output folder's /postal/, or the reason it could not, which fails the build.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostalFiles } from './postal-data.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'postal-data-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("writes one file per prefix of Japan Post's codes, each place with its prefecture", async () => {
  const outcome = await startPostalFiles(dir);
  expect(outcome).toEqual({ files: expect.any(Number) });
  const names = readdirSync(join(dir, 'postal'));
  expect(names.length).toBe((outcome as { files: number }).files);
  expect(names.length).toBeGreaterThan(900);
  expect(names.every((name) => /^\d{3}\.json$/.test(name))).toBe(true);
  // 100-0001: 東京都 (the 13th prefecture, index 12) 千代田区千代田.
  const tokyo = JSON.parse(readFileSync(join(dir, 'postal', '100.json'), 'utf8'));
  expect(tokyo['0001']).toEqual([[12, '千代田区千代田']]);
}, 60_000);

it('says why when it cannot write them, so the build fails instead of publishing without them', async () => {
  // The output "folder" is a file: nothing can be made under it.
  const file = join(dir, 'not-a-folder');
  writeFileSync(file, '');
  const outcome = await startPostalFiles(file);
  expect(outcome).toEqual({ error: expect.stringMatching(/ENOTDIR|EEXIST|not a directory/i) });
}, 60_000);
