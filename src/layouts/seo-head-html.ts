/**
 * What every page's `<head>` says about it, as markup: viewport, title, description, canonical (or
 * noindex), icon, theme colour, Open Graph and Twitter cards. BaseLayout.astro writes it on every page of
 * the site; as a string it is a small part of the render that its thirty elements were as a template.
 */
import { attr, escapeHtml } from '../lib/markup.ts';

export interface SeoHead {
  /** The page's title with the site name. */
  fullTitle: string;
  description: string;
  /** Absolute URL of the page (canonical, og:url). */
  canonical: string;
  noindex: boolean;
  lang: string;
  ogType: string;
  siteName: string;
  /** The sharing image and its size and alt text, if the page has one. */
  image?: string | undefined;
  imageWidth: number;
  imageHeight: number;
  imageAlt: string;
}

export function seoHeadHtml(head: SeoHead): string {
  const { fullTitle, description, canonical } = head;
  // Absolute, as sharing cards must be: an image on the site's own origin is root-relative in markup.
  const image = head.image ? new URL(head.image, canonical).href : undefined;
  let html =
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(fullTitle)}</title><meta name="description"${attr('content', description)}>` +
    (head.noindex
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical"${attr('href', canonical)}>`) +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="theme-color" content="#333333">' +
    `<meta property="og:site_name"${attr('content', head.siteName)}>` +
    `<meta property="og:locale"${attr('content', head.lang === 'ja' ? 'ja_JP' : 'en_US')}>` +
    `<meta property="og:type"${attr('content', head.ogType)}><meta property="og:title"${attr('content', fullTitle)}>` +
    `<meta property="og:description"${attr('content', description)}><meta property="og:url"${attr('content', canonical)}>`;
  if (image) {
    html +=
      `<meta property="og:image"${attr('content', image)}><meta property="og:image:width"${attr('content', String(head.imageWidth))}>` +
      `<meta property="og:image:height"${attr('content', String(head.imageHeight))}><meta property="og:image:alt"${attr('content', head.imageAlt)}>`;
  }
  html +=
    `<meta name="twitter:card"${attr('content', image && head.imageWidth > head.imageHeight ? 'summary_large_image' : 'summary')}>` +
    `<meta name="twitter:title"${attr('content', fullTitle)}><meta name="twitter:description"${attr('content', description)}>`;
  if (image) {
    html += `<meta name="twitter:image"${attr('content', image)}><meta name="twitter:image:alt"${attr('content', head.imageAlt)}>`;
  }
  return html;
}
