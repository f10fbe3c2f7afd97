/**
 * Parts that are the same on every page showing them, rendered once per build process and written as that
 * markup on every other page (RenderOnce.astro; src/layouts/SharedPart.astro places them). The parts are
 * named here, so a part's key names everything its markup depends on: two pages that would render a part
 * differently must name different parts (each area has its own guide).
 */
import type { Area } from '../lib/catalog/types.ts';

/** A part rendered once per build. */
export type SharedPart =
  | { part: 'site-header' }
  | { part: 'site-footer' }
  | { part: 'onboarding-dialog' }
  /**
   * The BASE A–D guide with one area (or none) marked current. The areas are the build's, the same for
   * every page of a build: the key need not name them.
   */
  | { part: 'area-guide'; areaId?: number | undefined; areas: readonly Area[] };

function keyOf(part: SharedPart): string {
  return part.part === 'area-guide' ? `area-guide:${part.areaId ?? ''}` : part.part;
}

const rendered = new Map<string, string>();

/** The part's markup, rendered by `render` the first time it is asked for in this process. */
export async function renderOnce(part: SharedPart, render: () => Promise<string>): Promise<string> {
  const key = keyOf(part);
  const known = rendered.get(key);
  if (known !== undefined) return known;
  const html = await render();
  rendered.set(key, html);
  return html;
}

/**
 * The part's markup if already rendered in this build, or undefined: a layout that has it writes it and
 * never creates the RenderOnce component, whose slot Astro would evaluate on every page. Always undefined
 * under `astro dev`, where every page renders its parts so that edits show at once.
 */
export function renderedOnce(part: SharedPart): string | undefined {
  return import.meta.env.DEV ? undefined : rendered.get(keyOf(part));
}
