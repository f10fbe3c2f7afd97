/**
 * Markup written as strings (src/lib/markup.ts) must be the bytes Astro writes for the same template: a
 * product page is made of both. These compare the helpers with Astro's own escaping, reached inside its
 * runtime, so an Astro release that escapes differently fails here rather than changing pages unnoticed.
 */
import { escapeHTML } from 'astro/runtime/server/escape.js';
import { addAttribute } from 'astro/runtime/server/index.js';
import { attr, escapeHtml } from '../../lib/markup.ts';

const VALUES = [
  'plain',
  '',
  'A & B',
  '"quoted"',
  "it's",
  '<script>alert(1)</script>',
  'https://img.test/p.jpg?width=1&height=2',
  '&amp; already',
  '羊羹 ＆ 抹茶「特選」',
  0,
  768,
  true,
  false,
  null,
  undefined,
] as const;

describe('markup written as strings', () => {
  it('escapes element content as Astro escapes an interpolated value', () => {
    for (const value of VALUES) {
      if (typeof value === 'string' || typeof value === 'number') {
        expect(escapeHtml(value)).toBe(String(escapeHTML(String(value))));
      }
    }
    expect(escapeHtml('<b>"&\'')).toBe('&lt;b&gt;&quot;&amp;&#39;');
  });

  it('writes an attribute as Astro writes name={value}, boolean attributes included', () => {
    for (const name of [
      'alt',
      'class',
      'data-src',
      'aria-pressed',
      'aria-hidden',
      'checked',
      'disabled',
      'hidden',
    ]) {
      for (const value of VALUES) {
        expect(attr(name, value), `${name}=${String(value)}`).toBe(String(addAttribute(value, name)));
      }
    }
  });

  it('writes every character that could end content or a quoted attribute as an entity, and no other', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('今すぐ公開 ¥1,000')).toBe('今すぐ公開 ¥1,000');
    expect(escapeHtml(42)).toBe('42');
  });

  it('never lets a value close its attribute or open a tag', () => {
    const written = attr('alt', '" onerror="alert(1)');
    expect(written).toBe(' alt="&quot; onerror=&quot;alert(1)"');
    expect(escapeHtml('</h1><script>')).not.toMatch(/</);
  });
});
