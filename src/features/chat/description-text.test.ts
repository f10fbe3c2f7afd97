// @vitest-environment happy-dom
import { descriptionParagraphs } from './description-text.ts';

const HOSTILE =
  '<p>Slowly stone-ground matcha.</p><ul><li><strong>Best before</strong>: 12 months</li></ul>' +
  '<p>Tom &amp; Jerry &lt;3</p><script>alert("xss")</script><img src="x" onerror="alert(\'xss\')">' +
  '<p><a href="javascript:alert(1)">More</a></p>';

describe('a description as chat shows it', () => {
  it('is its paragraphs and list items as plain text, entities decoded', () => {
    expect(descriptionParagraphs(HOSTILE)).toEqual([
      'Slowly stone-ground matcha.',
      'Best before: 12 months',
      'Tom & Jerry <3',
      'More',
    ]);
  });

  it('never hands the parser a tag, so no inline handler is read under the page’s policy', () => {
    const parsed: string[] = [];
    descriptionParagraphs(`${HOSTILE}<img src=x onerror=alert(1)`, (text) => {
      parsed.push(text);
      return text;
    });
    expect(parsed.join('')).not.toContain('<');
    expect(parsed.join('')).not.toContain('onerror');
  });

  it('keeps a description with no markup as one paragraph', () => {
    expect(descriptionParagraphs('  A   soft towel. ')).toEqual(['A soft towel.']);
  });
});
