/**
 * Server-rendered markup that a custom element brings to life (the product page's islands): the data the
 * server leaves in a JSON <script> and the element reads back. No framework runtime, so a page built this
 * way stays within a small JavaScript budget.
 */

/** The JSON a `<script type="application/json" data-{name}>` inside `root` carries. */
export function readJson<T>(root: ParentNode, name: string): T {
  return JSON.parse(root.querySelector(`script[data-${name}]`)?.textContent ?? 'null') as T;
}

/** Defines a custom element once (a page may carry its script twice). */
export function define(name: string, element: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, element);
}

/** The text of a JSON `<script>` (data or JSON-LD): `<` escaped so the data cannot close the script. */
export function jsonScriptText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
