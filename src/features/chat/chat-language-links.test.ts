// @vitest-environment happy-dom
import { pointChatLanguageLinks } from './chat-language-links.ts';

describe("a shell page's language links", () => {
  it('lead to the chat page of the address, alias kept, each in its language', () => {
    document.body.innerHTML = `
      <a data-chat-language="en" href="/chat/?lang=en">English</a>
      <a data-chat-language="ko" href="/chat/?lang=ko">한국어</a>
      <a href="/">home</a>`;
    pointChatLanguageLinks(document, '/qr/AbCdEf0123456789/');
    const [english, korean, home] = [...document.querySelectorAll('a')];
    expect(english?.getAttribute('href')).toBe('/chat/qr/AbCdEf0123456789/?lang=en');
    expect(korean?.getAttribute('href')).toBe('/chat/qr/AbCdEf0123456789/?lang=ko');
    expect(home?.getAttribute('href')).toBe('/');
  });

  it('lead to the chat greeting from an address with a malformed alias', () => {
    document.body.innerHTML = '<a data-chat-language="zh" href="/chat/?lang=zh">中文</a>';
    pointChatLanguageLinks(document, '/order/<b>x</b>/');
    expect(document.querySelector('a')?.getAttribute('href')).toBe('/chat/?lang=zh');
  });
});
