// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ChatLanguage } from '../lib/mode.ts';

/** The error screen as a page in `lang` loads it: a chat page in chat mode, else the web catalogue's. */
async function errorScreenIn(lang: 'ja' | ChatLanguage) {
  vi.resetModules();
  document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : lang;
  if (lang !== 'ja') (await import('../lib/mode.ts')).enterChat(lang);
  return import('./ErrorScreen.tsx');
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.lang = 'ja';
});

describe('the error screen of a page that could not load', () => {
  it('says the status’s title on the web catalogue, with a retry and the way home', async () => {
    const { LoadErrorView } = await errorScreenIn('ja');
    render(<LoadErrorView status={503} onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('一時的にサーバーが停止しています');
    expect(screen.getByRole('button', { name: 'もう一度読み込む' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ホームに戻る' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['en', 'Our server is temporarily unavailable', 'Try again', 'Back to home'],
    ['zh', '服务器暂时停止服务', '重新加载', '返回首页'],
    ['ko', '서버가 일시적으로 중단되었습니다', '다시 불러오기', '홈으로 돌아가기'],
  ] as const)(
    'says it in the visitor’s language in chat (%s), and leads back to chat',
    async (lang, title, retry, home) => {
      const { LoadErrorView } = await errorScreenIn(lang);
      render(<LoadErrorView status={503} onRetry={() => {}} />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(screen.getByRole('button', { name: retry })).toBeTruthy();
      expect(screen.getByRole('link', { name: home }).getAttribute('href')).toBe('/chat/');
      expect(document.body.textContent).not.toMatch(/[ぁ-ん]/);
    },
  );

  it('titles a status it has no words of its own for with the general one, in chat too', async () => {
    const { LoadErrorView } = await errorScreenIn('en');
    render(<LoadErrorView status={502} onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("This page couldn't be shown");
  });

  it('says why a page may be missing under a 404, in the visitor’s language', async () => {
    const { PageNotFoundView } = await errorScreenIn('ko');
    render(<PageNotFoundView path="/chat/order/x/" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('찾으시는 페이지를 찾을 수 없습니다');
    expect(document.body.textContent).toContain('이동 또는 삭제되었을 수 있습니다');
    expect(document.body.textContent).toContain('Page Not Found: /chat/order/x/');
  });
});
