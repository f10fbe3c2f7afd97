import { escapeHtml } from './escape-html.ts';

describe('escaping text for HTML', () => {
  it('writes the characters that could end content or a quoted attribute as entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('leaves other text as it is, Japanese included, and writes numbers as text', () => {
    expect(escapeHtml('今すぐ公開 ¥1,000')).toBe('今すぐ公開 ¥1,000');
    expect(escapeHtml(42)).toBe('42');
  });
});
