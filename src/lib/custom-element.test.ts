import { jsonScriptText } from './custom-element.ts';

describe('data left in the markup for a custom element', () => {
  it('cannot close its script element', () => {
    expect(jsonScriptText({ name: '</script><script>alert(1)</script>' })).not.toContain('<');
  });

  it('reads back as the same data', () => {
    const data = { name: '羊羹 <特選>', price: 2592 };
    expect(JSON.parse(jsonScriptText(data))).toEqual(data);
  });
});
