import { buildEnv } from './build-env.mjs';

describe("the build's environment", () => {
  it("turns off the bundler allocator's huge pages and delayed release", () => {
    expect(buildEnv({})).toMatchObject({ MIMALLOC_ALLOW_THP: '0', MIMALLOC_PURGE_DELAY: '0' });
  });

  it("gives page-sized buffers their own mappings, returned to the system when freed (glibc's allocator)", () => {
    expect(buildEnv({})).toMatchObject({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=16384' });
  });

  it('leaves a value the operator set as it is', () => {
    const set = {
      MIMALLOC_ALLOW_THP: '1',
      MIMALLOC_PURGE_DELAY: '10',
      GLIBC_TUNABLES: 'glibc.malloc.arena_max=2',
    };
    expect(buildEnv(set)).toEqual(set);
  });
});
