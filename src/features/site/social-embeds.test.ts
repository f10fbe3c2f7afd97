import { EMBED_ORIGINS } from './embed-origins.ts';
import { embedSocialPosts, socialPostOf } from './social-embeds.ts';

/** A bare URL on its own line, as the build renders Markdown. */
const lone = (url: string) =>
  `<p><a href="${url.replace(/&/g, '&amp;')}">${url.replace(/&/g, '&amp;')}</a></p>`;

describe('a social post in editors’ Markdown', () => {
  it('recognises YouTube videos, X posts and Instagram posts by their exact addresses', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(socialPostOf(url)).toEqual({
        provider: 'youtube',
        href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        embedSrc: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      });
    }
    expect(socialPostOf('https://twitter.com/giftshop_jp/status/1512144306898976768')).toEqual({
      provider: 'x',
      href: 'https://x.com/giftshop_jp/status/1512144306898976768',
      embedSrc: 'https://platform.twitter.com/embed/Tweet.html?id=1512144306898976768&dnt=true&lang=ja',
    });
    expect(socialPostOf('https://www.instagram.com/reel/C9xYz_12ab/?igsh=abc')).toEqual({
      provider: 'instagram',
      href: 'https://www.instagram.com/reel/C9xYz_12ab/',
      embedSrc: 'https://www.instagram.com/reel/C9xYz_12ab/embed/',
    });
  });

  it('takes nothing that only looks like one', () => {
    for (const url of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ', // not https
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
      'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://x.com/giftshop_jp',
      'https://x.com/giftshop_jp/status/12a',
      'https://x.com/giftshop_jp/status/1/photo/1',
      'https://www.instagram.com/giftshop_jp/',
      'https://www.instagram.com/p/<script>/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(socialPostOf(url), url).toBeNull();
    }
  });

  it('becomes a card that loads nothing from the provider until the visitor asks', () => {
    const { html, count } = embedSocialPosts(
      `<p>夏のギフト</p>${lone('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s')}<p>おわり</p>`,
    );
    expect(count).toBe(1);
    expect(html).toContain('<p>夏のギフト</p>');
    expect(html).toContain('<figcaption class="text-sm font-bold">YouTubeの動画</figcaption>');
    expect(html).toContain('表示するとYouTubeに接続し、YouTubeのプライバシーポリシーが適用されます。');
    expect(html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('>YouTubeで開く</a>');
    // No iframe, image, script or inline style until then: nothing reaches the provider.
    expect(html).not.toMatch(/<iframe|<img|<script|style=/);
    expect(html).toContain('<p>おわり</p>');
  });

  it('leaves a link inside a sentence, a link with its own text and other sites alone', () => {
    const inSentence =
      '<p>動画は <a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a> から</p>';
    const named = '<p><a href="https://youtu.be/dQw4w9WgXcQ">紹介動画</a></p>';
    const other = lone('https://example.com/');
    const { html, count } = embedSocialPosts(inSentence + named + other);
    expect(count).toBe(0);
    expect(html).toBe(inSentence + named + other);
  });

  it('counts every card on the page', () => {
    const { count } = embedSocialPosts(
      lone('https://x.com/a/status/1') +
        lone('https://www.instagram.com/p/ABCDE/') +
        lone('https://youtu.be/dQw4w9WgXcQ'),
    );
    expect(count).toBe(3);
  });

  it('embeds only from the providers’ embed origins (the frame sources the content security policy allows)', () => {
    for (const url of [
      'https://x.com/a/status/1',
      'https://www.instagram.com/p/ABCDE/',
      'https://youtu.be/dQw4w9WgXcQ',
    ]) {
      const post = socialPostOf(url);
      expect(Object.values(EMBED_ORIGINS)).toContain(new URL(post?.embedSrc ?? '').origin);
    }
  });
});
