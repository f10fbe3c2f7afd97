/**
 * The origins of the social embeds' iframes (social-embeds.ts), kept apart so that the loader and the
 * content security policy (src/engine/storefront.ts: frame-src) read the same list without the card's strings.
 */
export type SocialProvider = 'youtube' | 'x' | 'instagram';

export const EMBED_ORIGINS: Readonly<Record<SocialProvider, string>> = {
  youtube: 'https://www.youtube-nocookie.com',
  x: 'https://platform.twitter.com',
  instagram: 'https://www.instagram.com',
};
