/**
 * Helpers for the product page's islands: server-rendered markup that a custom element brings to life.
 * They need no framework runtime, so the product page stays within its JavaScript budget.
 */

/** The JSON a `<script type="application/json" data-{name}>` inside `root` carries. */
export function readJson<T>(root: ParentNode, name: string): T {
  return JSON.parse(root.querySelector(`script[data-${name}]`)?.textContent ?? 'null') as T;
}

/** Defines a custom element once (a page may carry its script twice). */
export function define(name: string, element: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, element);
}
