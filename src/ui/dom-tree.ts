/**
 * Markup as a browser's parser reads it, written back: two writings of one DOM tree (attribute case, `'`
 * as `&#39;` or `&#x27;`, `<img>` or `<img/>`) come out the same. For tests that hold a string writer equal
 * to the React component it mirrors. Needs a DOM (`// @vitest-environment happy-dom`).
 */
export function domTree(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}
