/**
 * The social-embed cards' script (social-embeds.ts), on pages that have a card: shows each card's button
 * (without JavaScript the card is a link to the post) and, when the visitor presses it, puts the provider's
 * embed in an iframe. Only an https address on one of the providers' embed origins is loaded, whatever the
 * markup says.
 */
import { EMBED_ORIGINS, type SocialProvider } from './embed-origins.ts';

const FRAME_CLASS: Record<SocialProvider, string> = {
  youtube: 'aspect-video w-full',
  x: 'h-[36rem] w-full',
  instagram: 'h-[44rem] w-full',
};

const isProvider = (value: string | undefined): value is SocialProvider =>
  value !== undefined && Object.hasOwn(EMBED_ORIGINS, value);

/** The embed's address when it is on the provider's own embed origin, else null. */
function allowedEmbedSrc(provider: SocialProvider, src: string | undefined): string | null {
  if (!src) return null;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.origin === EMBED_ORIGINS[provider] ? url.href : null;
  } catch {
    return null;
  }
}

/** Loads one card's embed in place of its button. */
function loadEmbed(button: HTMLButtonElement): void {
  const card = button.closest<HTMLElement>('[data-social-embed]');
  const provider = card?.dataset.socialEmbed;
  const frame = card?.querySelector<HTMLElement>('[data-embed-frame]');
  if (!card || !frame || !isProvider(provider)) return;
  const src = allowedEmbedSrc(provider, button.dataset.embedSrc);
  if (!src) return;
  const iframe = document.createElement('iframe');
  iframe.src = src;
  iframe.title = button.dataset.embedTitle ?? '';
  iframe.className = FRAME_CLASS[provider];
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  iframe.allowFullscreen = true;
  if (provider === 'youtube') iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.replaceChildren(iframe);
  frame.hidden = false;
  button.remove();
  iframe.focus();
}

/** Shows the buttons of the cards in `root` and loads an embed when its button is pressed. */
export function startSocialEmbeds(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-embed-load]')) {
    button.hidden = false;
    button.addEventListener('click', () => loadEmbed(button), { once: true });
  }
}
