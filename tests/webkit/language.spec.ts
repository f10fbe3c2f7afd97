/**
 * Visitors whose browser does not speak Japanese: an English, a Chinese and a Korean WebKit land in chat
 * mode in their language; the switcher takes them back to the Japanese catalogue, and the choice sticks.
 * MiniBrowser runs in each language's locale (its process's LC_ALL), which is where WebKitGTK takes
 * `navigator.languages` from.
 */
import { describe, expect, test } from 'vitest';
import {
  arrive,
  eventually,
  expectNoProblems,
  openBrowser,
  shownWithText,
  startAsReturningVisitor,
  tap,
  visit,
} from './fixtures/browser.ts';
import type { BrowserLocale } from './fixtures/languages.ts';

const VISITORS: {
  locale: BrowserLocale;
  language: string;
  htmlLang: string;
  greeting: string;
  title: string;
}[] = [
  {
    locale: 'en_US.UTF-8',
    language: 'en-US',
    htmlLang: 'en',
    greeting: "Hello and welcome! I'm here to help you find the perfect gift.",
    title: 'Shop by chat',
  },
  {
    locale: 'zh_CN.UTF-8',
    language: 'zh-CN',
    htmlLang: 'zh-Hans',
    greeting: '您好，欢迎光临！我来帮您挑选礼品。',
    title: '聊天购物',
  },
  {
    locale: 'ko_KR.UTF-8',
    language: 'ko-KR',
    htmlLang: 'ko',
    greeting: '안녕하세요, 어서 오세요! 선물 고르기를 도와 드릴게요.',
    title: '채팅으로 쇼핑',
  },
];

describe.each(VISITORS)('a $language WebKit', ({ locale, language, htmlLang, greeting, title }) => {
  test('lands in chat in its language; 日本語 goes back to the catalogue, and the choice sticks', async () => {
    const browser = await openBrowser({ locale });
    try {
      await startAsReturningVisitor(browser);
      expect(await browser.execute(() => navigator.languages)).toEqual([language]);

      await visit(browser, '/');
      await arrive(browser, /^\/chat\/$/);
      await eventually(async () =>
        expect(await browser.execute(() => document.documentElement.lang)).toBe(htmlLang),
      );
      expect(await browser.getTitle()).toMatch(new RegExp(`^${title} \\| `));
      await eventually(async () => expect(await shownWithText(browser, greeting)).toBe(true));
      // The greeting is in the built page: the conversation itself (the island's thread) is what has started.
      await eventually(async () => expect(await browser.$('[role="log"]').isExisting()).toBe(true));

      await tap(browser, browser.$('a=日本語'));
      await arrive(browser, /^\/(\?lang=ja)?$/);
      await eventually(async () => expect(await shownWithText(browser, 'エリアから探す')).toBe(true));
      expect(await browser.execute(() => document.documentElement.lang)).toBe('ja');

      // The choice sticks: a brand page and the home page stay Japanese.
      await visit(browser, '/brands/3/');
      await eventually(async () => expect(new URL(await browser.getUrl()).pathname).toBe('/brands/3/'));
      await visit(browser, '/');
      await eventually(async () => expect(await shownWithText(browser, 'エリアから探す')).toBe(true));
      expect(new URL(await browser.getUrl()).pathname).toBe('/');
      await expectNoProblems(browser);
    } finally {
      await browser.deleteSession();
    }
  });
});
