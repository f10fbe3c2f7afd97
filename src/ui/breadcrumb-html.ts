/**
 * A breadcrumb trail from home as markup; the last item is the current page. Breadcrumb.astro writes it.
 * A string rather than a template because it is on every product page, where the build's time is spent.
 */
import { t } from '../i18n/build-time.ts';
import { attr, escapeHtml } from '../lib/markup.ts';

export interface BreadcrumbItem {
  label: string;
  href?: string;
}

/** `items`: the ancestors after home, then the current page (no href). */
export function breadcrumbHtml(items: readonly BreadcrumbItem[]): string {
  const trail = [{ label: t('nav.home'), href: '/' }, ...items];
  let html = `<nav${attr('aria-label', t('breadcrumb.label'))} class="mb-4 text-xs text-secondary"><ol class="flex flex-wrap items-center gap-x-1">`;
  trail.forEach((item, index) => {
    html +=
      item.href && index < trail.length - 1
        ? `<li><a${attr('href', item.href)} class="inline-flex min-h-11 min-w-11 items-center justify-center underline underline-offset-4">${escapeHtml(item.label)}</a><span aria-hidden="true" class="ml-1">/</span></li>`
        : `<li aria-current="page" class="line-clamp-1">${escapeHtml(item.label)}</li>`;
  });
  return `${html}</ol></nav>`;
}
