// @vitest-environment happy-dom
import { startSocialEmbeds } from './social-embed-loader.ts';
import { embedSocialPosts } from './social-embeds.ts';

const card = (url: string) => embedSocialPosts(`<p><a href="${url}">${url}</a></p>`).html;

describe('a social-embed card in the browser', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows its button, and loads the provider’s embed in place of it when pressed', () => {
    document.body.innerHTML = card('https://youtu.be/dQw4w9WgXcQ');
    const button = document.querySelector<HTMLButtonElement>('button[data-embed-load]');
    expect(button?.hidden).toBe(true);
    startSocialEmbeds();
    expect(button?.hidden).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();
    button?.click();
    const iframe = document.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(iframe?.title).toBe('YouTubeの動画');
    expect(iframe?.closest<HTMLElement>('[data-embed-frame]')?.hidden).toBe(false);
    expect(document.querySelector('button[data-embed-load]')).toBeNull();
    expect(document.activeElement).toBe(iframe);
  });

  it('loads nothing from an address off the provider’s embed origin, whatever the markup says', () => {
    document.body.innerHTML = card('https://x.com/a/status/1');
    const button = document.querySelector<HTMLButtonElement>('button[data-embed-load]');
    for (const src of [
      'https://evil.example/embed',
      'javascript:alert(1)',
      'http://platform.twitter.com/x',
      '',
    ]) {
      if (button) button.dataset.embedSrc = src;
      startSocialEmbeds();
      button?.click();
      expect(document.querySelector('iframe'), src).toBeNull();
    }
  });
});
