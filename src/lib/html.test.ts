import { descriptionText, sanitizeDescription } from './html.ts';

describe('description sanitising', () => {
  it('keeps the formatting a description needs', () => {
    const html = '<p>国産<strong>抹茶</strong>使用</p><ul><li>8個入</li></ul>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const html =
      '<p onclick="x()">a<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">b</a></p>';
    const out = sanitizeDescription(html);
    expect(out).not.toMatch(/script|onerror|onclick|javascript:|<img/);
    expect(out).toContain('a');
  });

  it('opens links safely in a new tab', () => {
    expect(sanitizeDescription('<a href="https://example.jp">公式</a>')).toBe(
      '<a href="https://example.jp" rel="noopener noreferrer nofollow" target="_blank">公式</a>',
    );
  });

  it('gives plain text for meta descriptions, cut with an ellipsis', () => {
    expect(descriptionText('<p>一行目</p>\n<p>二行目</p>')).toBe('一行目 二行目');
    expect(descriptionText(`<p>${'あ'.repeat(200)}</p>`, 10)).toBe(`${'あ'.repeat(9)}…`);
  });

  it('cuts a meta description between characters, never inside an emoji or a flag', () => {
    const family = '👨‍👩‍👧';
    const cut = descriptionText(`<p>${'あ'.repeat(8)}${family}🇯🇵😀 おいしい</p>`, 10);
    expect(cut).toBe(`${'あ'.repeat(8)}${family}…`);
    expect(cut).not.toMatch(/\uFFFD/);
    // No lone surrogate: the text encodes and decodes unchanged.
    expect(new TextDecoder().decode(new TextEncoder().encode(cut))).toBe(cut);
    expect(descriptionText(`<p>${'😀'.repeat(200)}</p>`, 120)).toBe(`${'😀'.repeat(119)}…`);
  });
});
