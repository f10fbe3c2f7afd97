/**
 * An mdi icon as inline SVG markup (never an icon font). Decorative unless given a label. Icon.astro writes
 * it; a string because the product page's parts, written as strings for the build's time, include icons.
 * Icon.tsx, its React twin, is held to the same DOM tree (icon.test.tsx).
 */
import { attr } from '../lib/markup.ts';

export interface IconProps {
  /** An @mdi/js path, e.g. `mdiShoppingOutline`. */
  path: string;
  label?: string | undefined;
  class?: string;
  size?: number;
}

export function iconHtml({ path, label, class: className, size = 24 }: IconProps): string {
  return (
    `<svg viewBox="0 0 24 24"${attr('width', size)}${attr('height', size)}${attr('class', className)} fill="currentColor"` +
    `${attr('aria-hidden', label ? undefined : 'true')}${attr('role', label ? 'img' : undefined)}${attr('aria-label', label)}` +
    ` focusable="false"><path${attr('d', path)}></path></svg>`
  );
}
