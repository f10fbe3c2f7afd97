import { pageWindow } from './pagination.ts';

describe("a list's page links", () => {
  it('are every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('are the first, the last and the neighbours of the current page, with gaps between, when there are many', () => {
    expect(pageWindow(1, 637)).toEqual([1, 2, 3, null, 637]);
    expect(pageWindow(300, 637)).toEqual([1, null, 298, 299, 300, 301, 302, null, 637]);
    expect(pageWindow(637, 637)).toEqual([1, null, 635, 636, 637]);
  });

  it('show a single page left out rather than a gap standing for it', () => {
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20]);
    expect(pageWindow(16, 20)).toEqual([1, null, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('stay as few however many pages there are', () => {
    for (const pageCount of [10, 1_000, 100_000]) {
      for (const page of [1, 2, Math.ceil(pageCount / 2), pageCount - 1, pageCount]) {
        const window = pageWindow(page, pageCount);
        expect(window.length).toBeLessThanOrEqual(9);
        expect(window).toContain(page);
        expect(window[0]).toBe(1);
        expect(window.at(-1)).toBe(pageCount);
      }
    }
  });
});
