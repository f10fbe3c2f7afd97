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
