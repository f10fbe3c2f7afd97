/**
 * Japanese headings, labels, buttons and table headers break between phrases (文節) in WebKit too, which
 * has no `word-break: auto-phrase` (src/styles/global.css gives it a fallback). Each wrapped one, as WebKit
 * laid it out at 390 px, is split into its lines, and every line break must fall at a space or between two
 * of BudouX's phrases (the model behind Chromium's auto-phrase).
 */
import { loadDefaultJapaneseParser } from 'budoux';
import { expect, test } from 'vitest';
import { type Browser, expectNoProblems, returningVisitorForTheFile, visit } from './fixtures/browser.ts';
import { productReady } from './fixtures/catalogue.ts';

const PAGES = [
  '/',
  '/area/',
  '/area/1/',
  '/area/1/products/82/',
  '/brands/',
  '/about/',
  '/terms/',
  '/tokushoho/',
];
const parser = loadDefaultJapaneseParser();

let browser: Browser;
returningVisitorForTheFile((opened) => {
  browser = opened;
});

/** The lines of every wrapped element of the phrase rule with Japanese text, as laid out on the page. */
function wrappedLines(): Promise<string[][]> {
  return browser.execute(() => {
    const wrapped: string[][] = [];
    for (const element of document.querySelectorAll('h1, h2, h3, h4, button, label, dt, th, figcaption')) {
      if (!(element instanceof HTMLElement) || !element.checkVisibility()) continue;
      const lines: string[] = [];
      let top: number | null = null;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          // A space where the line breaks has no box of its own: it ends the line it follows.
          if (!box || box.width === 0) {
            if (lines.length > 0) lines[lines.length - 1] = `${lines.at(-1)}${text.charAt(i)}`;
            continue;
          }
          if (top === null || Math.abs(box.top - top) > box.height / 2) {
            lines.push('');
            top = box.top;
          }
          lines[lines.length - 1] = `${lines.at(-1)}${text.charAt(i)}`;
        }
      }
      if (lines.length > 1 && /[\u3040-\u30ff\u3400-\u9fff]/.test(lines.join(''))) wrapped.push(lines);
    }
    return wrapped;
  });
}

/** The breaks that fall inside a phrase: `前|後` for each, empty when every break is between phrases. */
function breaksInsidePhrases(lines: string[]): string[] {
  const text = lines.join('');
  const boundaries = new Set<number>();
  let at = 0;
  for (const phrase of parser.parse(text)) {
    at += phrase.length;
    boundaries.add(at);
  }
  const bad: string[] = [];
  let position = 0;
  for (const line of lines.slice(0, -1)) {
    position += line.length;
    const atSpace = /\s/.test(text[position - 1] ?? '') || /\s/.test(text[position] ?? '');
    if (!atSpace && !boundaries.has(position)) {
      bad.push(`${text.slice(Math.max(0, position - 6), position)}|${text.slice(position, position + 6)}`);
    }
  }
  return bad;
}

test('WebKit has no auto-phrase, so the headings use the fallback', async () => {
  await visit(browser, '/');
  expect(await browser.execute(() => CSS.supports('word-break', 'auto-phrase'))).toBe(false);
  expect(
    await browser.execute(() => getComputedStyle(document.querySelector('h2') as Element).wordBreak),
  ).toBe('keep-all');
});

test.each(PAGES)('%s: wrapped headings, labels and buttons break between phrases', async (path) => {
  await visit(browser, path);
  if (path.includes('/products/')) await productReady(browser);
  await browser.execute(() => document.fonts.ready.then(() => undefined));
  const bad = (await wrappedLines()).flatMap(breaksInsidePhrases);
  expect(bad, 'line breaks inside a phrase').toEqual([]);
  await expectNoProblems(browser);
});
