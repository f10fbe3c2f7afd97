import { errorScreen } from '../lib/errors.ts';
import { fatalErrorScreenHtml } from './error-screen-html.ts';

describe('the fatal error screen every page carries', () => {
  it('is the 500 screen: its status, its title and the way home', () => {
    const html = fatalErrorScreenHtml();
    expect(html).toContain('data-testid="error-status">500</p>');
    expect(html).toContain(`<h1 id="error-title" class="text-lg font-bold">${errorScreen(500).title}</h1>`);
    expect(html).toMatch(/<a href="\/"[^>]*>/);
  });
});
