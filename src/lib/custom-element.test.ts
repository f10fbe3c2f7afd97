import { closeTag, jsonScriptText, openTag } from './custom-element.ts';

describe('data left in the markup for a custom element', () => {
  it('cannot close its script element', () => {
    expect(jsonScriptText({ name: '</script><script>alert(1)</script>' })).not.toContain('<');
  });

  it('reads back as the same data', () => {
    const data = { name: '羊羹 <特選>', price: 2592 };
    expect(JSON.parse(jsonScriptText(data))).toEqual(data);
  });
});

describe("a custom element's tags written as markup", () => {
  it('are the tags Astro writes: attributes in order, values quoted', () => {
    expect(openTag('product-gallery')).toBe('<product-gallery>');
    expect(openTag('variant-picker', { 'data-product-id': 472, class: 'flex flex-col gap-4' })).toBe(
      '<variant-picker data-product-id="472" class="flex flex-col gap-4">',
    );
    expect(closeTag('variant-picker')).toBe('</variant-picker>');
  });

  it('escape what a value could break out with', () => {
    expect(openTag('read-more', { 'data-title': '"><script>alert(1)</script>&\'' })).toBe(
      '<read-more data-title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;">',
    );
  });

  it('refuse a name that is not a custom element, and an attribute name that could break the tag', () => {
    expect(() => openTag('div')).toThrow('not a custom element name: div');
    expect(() => closeTag('x-y><script')).toThrow('not a custom element name');
    expect(() => openTag('read-more', { 'onclick="x" a': 'b' })).toThrow('not an attribute name');
  });
});
