/**
 * The markup RenderOnce.astro has rendered in this build process, by key. Kept for the process: a build
 * renders each key's markup once; the keys are few (one per area, one per shared part).
 */
const rendered = new Map<string, string>();

/** The markup under `key`, rendered by `render` the first time it is asked for. */
export async function renderOnce(key: string, render: () => Promise<string>): Promise<string> {
  const known = rendered.get(key);
  if (known !== undefined) return known;
  const html = await render();
  rendered.set(key, html);
  return html;
}

/**
 * The markup already rendered under `key` in this build, or undefined: a layout that has it writes it and
 * never creates the RenderOnce component, whose slot Astro would evaluate on every page. Always undefined
 * under `astro dev`, where every page renders its parts.
 */
export function renderedOnce(key: string): string | undefined {
  return import.meta.env.DEV ? undefined : rendered.get(key);
}
