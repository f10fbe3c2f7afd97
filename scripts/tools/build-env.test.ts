import { buildEnv } from './build-env.mjs';

describe("the build's environment", () => {
  it("turns off the bundler allocator's huge pages and delayed release", () => {
    expect(buildEnv({})).toEqual({ MIMALLOC_ALLOW_THP: '0', MIMALLOC_PURGE_DELAY: '0' });
  });

  it('leaves a value the operator set as it is', () => {
    expect(buildEnv({ MIMALLOC_ALLOW_THP: '1', MIMALLOC_PURGE_DELAY: '10' })).toEqual({
      MIMALLOC_ALLOW_THP: '1',
      MIMALLOC_PURGE_DELAY: '10',
    });
  });
});
