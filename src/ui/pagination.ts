/**
 * Which page links a list's pagination shows: the first and last pages, the current page with its
 * neighbours, and a gap (`null`) wherever pages are left out. A gap stands for two pages or more: a
 * single page left out is shown instead. The links stay few however many pages there are (a tag of
 * 100,000 products has thousands of pages), so a page's weight and its build cost do not grow with them.
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const window: (number | null)[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) window.push(n - 1);
    else if (n - previous > 2) window.push(null);
    window.push(n);
    previous = n;
  }
  return window;
}
