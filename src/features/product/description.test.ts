import { plainText } from '../../lib/html.ts';
import { isLongDescription } from './description.ts';

describe('read more', () => {
  it('folds a description only when its text is long', () => {
    expect(isLongDescription(plainText(`<p>${'あ'.repeat(200)}</p>`))).toBe(false);
    expect(isLongDescription(plainText(`<p>${'あ'.repeat(251)}</p>`))).toBe(true);
  });

  it('counts the text, not the markup', () => {
    const markup = `<ul>${'<li><strong>内容</strong></li>'.repeat(20)}</ul>`;
    expect(markup.length).toBeGreaterThan(250);
    expect(isLongDescription(plainText(markup))).toBe(false);
  });
});
