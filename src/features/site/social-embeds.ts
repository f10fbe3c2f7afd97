/**
 * Social posts and videos in editors' Markdown (the seasonal theme, about, terms): a link to an Instagram
 * post, an X post or a YouTube video alone in its paragraph becomes a card that names the provider, says
 * that showing it connects to the provider, links to the post, and has a button that loads the provider's
 * own embed (an iframe) only when the visitor asks. Until then the page sends nothing to the provider.
 *
 * The input is the HTML the Markdown rendered to at build time; a URL is recognised only when it parses
 * and its host, path and id match the provider's exactly, and everything put into the card is escaped.
 * The loader (social-embed-loader.ts) accepts only the iframe origins listed here, which are also the
 * only frame sources the content security policy allows (src/engine/storefront.ts).
 */
import { t } from '../../i18n/build-time.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { escapeHtml } from '../../lib/markup.ts';
import { EMBED_ORIGINS, type SocialProvider } from './embed-origins.ts';

/** A recognised post: its provider, the provider's page of it and the iframe that embeds it. */
export interface SocialPost {
  provider: SocialProvider;
  /** The post on the provider's site (the card's link). */
  href: string;
  /** The provider's embed, loaded on request. */
  embedSrc: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const X_USER = /^[A-Za-z0-9_]{1,15}$/;
const X_POST_ID = /^\d{1,20}$/;
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,40}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const X_HOSTS = new Set([
  'x.com',
  'www.x.com',
  'mobile.x.com',
  'twitter.com',
  'www.twitter.com',
  'mobile.twitter.com',
]);
const INSTAGRAM_HOSTS = new Set(['instagram.com', 'www.instagram.com']);

function youtube(url: URL): SocialPost | null {
  let id: string | undefined;
  const parts = url.pathname.split('/').filter(Boolean);
  if (url.hostname === 'youtu.be' && parts.length === 1) id = parts[0];
  else if (YOUTUBE_HOSTS.has(url.hostname)) {
    if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (parts.length === 2 && (parts[0] === 'shorts' || parts[0] === 'embed')) id = parts[1];
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: 'youtube',
    href: `https://www.youtube.com/watch?v=${id}`,
    embedSrc: `${EMBED_ORIGINS.youtube}/embed/${id}?autoplay=1`,
  };
}

function x(url: URL): SocialPost | null {
  if (!X_HOSTS.has(url.hostname)) return null;
  const [user, status, id, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!user || !X_USER.test(user) || status !== 'status' || !id || !X_POST_ID.test(id) || rest.length > 0) {
    return null;
  }
  return {
    provider: 'x',
    href: `https://x.com/${user}/status/${id}`,
    embedSrc: `${EMBED_ORIGINS.x}/embed/Tweet.html?id=${id}&dnt=true&lang=ja`,
  };
}

function instagram(url: URL): SocialPost | null {
  if (!INSTAGRAM_HOSTS.has(url.hostname)) return null;
  const [kind, code, ...rest] = url.pathname.split('/').filter(Boolean);
  if ((kind !== 'p' && kind !== 'reel') || !code || !INSTAGRAM_CODE.test(code) || rest.length > 0)
    return null;
  return {
    provider: 'instagram',
    href: `https://www.instagram.com/${kind}/${code}/`,
    embedSrc: `${EMBED_ORIGINS.instagram}/${kind}/${code}/embed/`,
  };
}

/** The post a URL names, or null when it is not exactly an Instagram, X or YouTube post (https only). */
export function socialPostOf(href: string): SocialPost | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return youtube(url) ?? x(url) ?? instagram(url);
}

const LABELS: Record<SocialProvider, { name: string; kind: MessageKey; load: MessageKey }> = {
  youtube: { name: 'YouTube', kind: 'embed.youtube', load: 'embed.load.video' },
  x: { name: 'X', kind: 'embed.x', load: 'embed.load.post' },
  instagram: { name: 'Instagram', kind: 'embed.instagram', load: 'embed.load.post' },
};

/** The card of a post: static markup, no inline script or style. */
function socialEmbedCard(post: SocialPost): string {
  const { name, kind, load } = LABELS[post.provider];
  const title = t(kind);
  return [
    `<figure class="social-embed my-6 rounded [writing-mode:horizontal-tb] whitespace-normal border border-accent/40 p-4" data-social-embed="${post.provider}">`,
    `<figcaption class="text-sm font-bold">${escapeHtml(title)}</figcaption>`,
    `<div class="mt-3" data-embed-frame hidden></div>`,
    `<p class="mt-2 text-xs text-secondary" data-embed-notice>${escapeHtml(t('embed.notice', { provider: name }))}</p>`,
    `<div class="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">`,
    `<button type="button" class="min-h-11 rounded bg-primary px-4 text-sm font-bold text-white" data-embed-load data-embed-src="${escapeHtml(post.embedSrc)}" data-embed-title="${escapeHtml(title)}" hidden>${escapeHtml(t(load))}</button>`,
    `<a class="inline-flex min-h-11 items-center text-sm underline underline-offset-4" href="${escapeHtml(post.href)}" rel="noopener noreferrer" target="_blank">${escapeHtml(t('embed.open', { provider: name }))}</a>`,
    `</div>`,
    `</figure>`,
  ].join('');
}

/** A paragraph holding one link and nothing else, whose text is its own address (a bare URL in Markdown). */
const LONE_LINK = /<p>\s*<a href="([^"]+)">([^<]+)<\/a>\s*<\/p>/g;

const decodeAttribute = (text: string): string =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/**
 * Rendered Markdown with each lone link to a social post replaced by its card; `count` says how many, so
 * that a page loads the card's script only when it has one.
 */
export function embedSocialPosts(html: string): { html: string; count: number } {
  let count = 0;
  const out = html.replace(LONE_LINK, (paragraph, href: string, text: string) => {
    const url = decodeAttribute(href);
    if (decodeAttribute(text).trim() !== url) return paragraph;
    const post = socialPostOf(url);
    if (!post) return paragraph;
    count += 1;
    return socialEmbedCard(post);
  });
  return { html: out, count };
}
