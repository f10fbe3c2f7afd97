import { chatFatalErrorScreenHtml, fatalErrorScreenHtml } from './error-screen-html.ts';

/** The spec's title of the 500 screen. */
const TITLE_500 = 'サーバーで問題が発生しています';

describe('the fatal error screen every page carries', () => {
  it('is the 500 screen: its status, its title and the way home', () => {
    const html = fatalErrorScreenHtml();
    expect(html).toContain('data-testid="error-status">500</p>');
    expect(html).toContain(`<h1 id="error-title" class="text-lg font-bold">${TITLE_500}</h1>`);
    expect(html).toMatch(/<a href="\/"[^>]*>/);
  });
});

describe('the fatal error screen of chat pages', () => {
  it('says its title and the way home in each chat language, for the page to show the visitor’s', () => {
    const html = chatFatalErrorScreenHtml();
    expect(html).toContain('data-testid="error-status">500</p>');
    for (const [lang, title, home] of [
      ['en', 'Something went wrong on our server', 'Back to the chat'],
      ['zh-Hans', '服务器出现了问题', '返回聊天'],
      ['ko', '서버에 문제가 발생했습니다', '채팅으로 돌아가기'],
    ] as const) {
      expect(html).toContain(`lang="${lang}">${title}</span>`);
      expect(html).toContain(`lang="${lang}">${home}</span>`);
    }
    expect(html).toMatch(/<a href="\/chat\/"[^>]*>/);
    expect(html).not.toContain(TITLE_500);
    expect(html).not.toContain('ホームに戻る');
  });
});
