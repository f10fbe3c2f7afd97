import { escapeHTML, isHTMLString, renderTemplate } from 'astro/runtime/server/index.js';
import { rawHtml } from './raw-html.ts';

/** A template's output as Astro writes it: `${value}` in a component's markup. */
async function rendered(value: unknown): Promise<string> {
  let out = '';
  await renderTemplate`<p>${value}</p>`.render({
    write(chunk: unknown) {
      out += String(chunk);
    },
  });
  return out;
}

describe('markup placed as it is', () => {
  it('is written by Astro unescaped, as set:html writes it, where a string would be escaped', async () => {
    const markup = '<a href="/brands/1/?a=1&amp;b=2">器 &amp; 茶</a>';
    expect(isHTMLString(rawHtml(markup))).toBe(true);
    expect(await rendered(rawHtml(markup))).toBe(`<p>${markup}</p>`);
    expect(await rendered(markup)).toBe(`<p>${escapeHTML(markup)}</p>`);
  });
});
