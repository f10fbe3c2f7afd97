import { readFile } from 'node:fs/promises';
import { OUTPUT, renderTypes } from '../../../scripts/tools/gen-api-types.mjs';

describe('the generated API types', () => {
  it('match the contract (run `npm run gen:api` after changing openapi.yaml)', async () => {
    expect(await readFile(OUTPUT, 'utf8')).toBe(await renderTypes());
  });
});
