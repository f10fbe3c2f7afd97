import sanitize from 'sanitize-html';
import {
  cutText,
  descriptionText,
  plainText,
  plainTextOf,
  sanitizeDescription,
  storeSiteUrl,
} from './html.ts';

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

  it("leads an editor's link to a path to the store's main site when one is configured", () => {
    expect(sanitizeDescription('<a href="/campaign/autumn">秋の催事</a>', 'https://store.example.jp/')).toBe(
      '<a href="https://store.example.jp/campaign/autumn" rel="noopener noreferrer nofollow" target="_blank">秋の催事</a>',
    );
  });

  it("keeps an editor's link to a path as written, marked as the editor's, when no main site is configured", () => {
    expect(sanitizeDescription('<a href="/relative130" data-content-link="x">催事</a>')).toBe(
      '<a href="/relative130" data-content-link>催事</a>',
    );
    expect(sanitizeDescription('<a href="//cdn.example.jp/x">x</a>')).toContain('target="_blank"');
  });

  it("reads the store's main site from the build's environment, refusing what is no http(s) URL", () => {
    expect(storeSiteUrl({})).toBeUndefined();
    expect(storeSiteUrl({ PUBLIC_STORE_SITE_URL: 'https://store.example.jp' })).toBe(
      'https://store.example.jp/',
    );
    expect(() => storeSiteUrl({ PUBLIC_STORE_SITE_URL: 'javascript:alert(1)' })).toThrow(
      /PUBLIC_STORE_SITE_URL/,
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

  it('cuts every character as segmenting the text into graphemes does, alone or repeated', () => {
    const graphemes = new Intl.Segmenter('ja', { granularity: 'grapheme' });
    const bySegments = (text: string, max: number) => {
      const kept = [...graphemes.segment(text)].map(({ segment }) => segment);
      return kept.length > max ? `${kept.slice(0, max - 1).join('')}…` : text;
    };
    // Every character of the basic plane (surrogates aside) between others of its kind: a character that
    // joins the one before or after it (a combining mark, a zero-width joiner, a Hangul jamo) is one
    // grapheme with it, and the cut must not fall between them.
    for (let code = 0x20; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCharCode(code);
      const text = `x${c}${c}${c}x`;
      if (cutText(text, 3) !== bySegments(text, 3)) expect([code.toString(16), cutText(text, 3)]).toBe(null);
    }
    const mixed = `${'抹茶ラテ、ＧＩＦＴ・１２０g。'.repeat(9)}が\u3099👨‍👩‍👧🇯🇵ﾊﾟ`;
    for (let max = 1; max <= mixed.length; max++) expect(cutText(mixed, max)).toBe(bySegments(mixed, max));
  });

  it('gives text, not markup: characters written as entities are the characters, once', () => {
    // Escaped again where it is used (a meta tag's attribute, JSON-LD): "&amp;" here became "&amp;amp;" there.
    expect(plainText('<p>抹茶 &amp; 羊羹 &lt;限定&gt; "特選" it&#39;s &copy;</p>')).toBe(
      '抹茶 & 羊羹 <限定> "特選" it\'s ©',
    );
    expect(plainText('<p>&amp;lt; stays as typed</p>')).toBe('&lt; stays as typed');
    expect(descriptionText('<p>A &amp; B</p>')).toBe('A & B');
  });

  it('keeps list items, cells and lines apart, and sentences as Japanese writes them', () => {
    const html =
      '<p>甘みの濃い玉露です。</p><p>自家焙煎</p><ul><li><strong>内容</strong>：玉露・ほうじ茶</li>' +
      '<li><strong>日持ち</strong>：12か月</li></ul><p>のし<br>手提げ袋</p><table><tr><td>表</td><td>記</td></tr></table>';
    expect(plainText(html)).toBe(
      '甘みの濃い玉露です。自家焙煎 内容：玉露・ほうじ茶 日持ち：12か月 のし 手提げ袋 表 記',
    );
    expect(descriptionText(html, 30)).toBe('甘みの濃い玉露です。自家焙煎 内容：玉露・ほうじ茶 日持ち…');
  });

  it("reads the text sanitize-html's own text-only mode finds in the API's description", () => {
    // sanitize-html with no tag allowed: the text, with & < > written as entities.
    const textOnly = (html: string) =>
      sanitize(html, { allowedTags: [], allowedAttributes: {} })
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ')
        .trim();
    // Within one block: between blocks, a separator (below).
    const descriptions = [
      '<p>国産<strong>抹茶</strong>使用 8個入</p>',
      '<p onclick="x()">a<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)" title="a>b">b</a></p>',
      '<div><custom-tag data-x=">">中身</custom-tag><style>p{}</style>&nbsp;末尾&#x1F375;</div>',
      '<p><span title="x">表 &gt; 1</span><ruby>漢<rt>かん</rt></ruby></p>',
      'plain & simple < 3',
    ];
    for (const html of descriptions) expect(plainTextOf(sanitizeDescription(html))).toBe(textOnly(html));
  });
});
