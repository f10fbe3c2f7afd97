/**
 * Server-rendered markup that a custom element brings to life (the product page's islands): the data the
 * server leaves in a JSON <script> and the element reads back. No framework runtime, so a page built this
 * way stays within a small JavaScript budget.
 */
import { escapeHtml } from './markup.ts';

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

/*
 * The element's own tags, written as markup (placed with `set:html`) around its children by the component that renders
 * it. Astro compiles any tag with a hyphen as a component, for renderers that render custom elements on the
 * server: each one goes through its framework-component path (every renderer is asked whether the tag is
 * theirs, the children are rendered to a string first, then the element around them), a large share of a
 * product page's render; written as markup, the page's bytes are the same.
 */

/** A valid custom element name: lower-case letters and digits, at least one hyphen. */
const CUSTOM_ELEMENT_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;
/** An attribute name the helper writes: no space, quote, `=`, `<`, `>` or `/`. */
const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;

function checkedName(name: string): string {
  if (!CUSTOM_ELEMENT_NAME.test(name)) throw new RangeError(`not a custom element name: ${name}`);
  return name;
}

/** `<name attr="value"…>`, each value escaped; attributes in the order given. */
export function openTag(name: string, attributes: Record<string, string | number> = {}): string {
  let tag = `<${checkedName(name)}`;
  for (const [attribute, value] of Object.entries(attributes)) {
    if (!ATTRIBUTE_NAME.test(attribute)) throw new RangeError(`not an attribute name: ${attribute}`);
    tag += ` ${attribute}="${escapeHtml(value)}"`;
  }
  return `${tag}>`;
}

/** `</name>`. */
export function closeTag(name: string): string {
  return `</${checkedName(name)}>`;
}
