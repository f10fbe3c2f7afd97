/**
 * Authored content (Markdown in src/content/, editable by content editors): the schemas its frontmatter is
 * checked against, and which theme the home page shows.
 */
import { z } from 'astro/zod';

/** A seasonal theme: a Japanese title and, as the Markdown body, a short poem-like text. */
export const themeSchema = z.strictObject({
  title: z.string().min(1),
  /** The day the theme goes live (Asia/Tokyo); the newest theme already live is shown. */
  launchedAt: z.coerce.date(),
});

export type Theme = z.infer<typeof themeSchema>;

/** One row of a two-column legal table (特定商取引法に基づく表記). */
const rowSchema = z.strictObject({ term: z.string().min(1), detail: z.string().min(1) });

/** A page of the site's own text: about, terms, 特定商取引法に基づく表記. */
export const sitePageSchema = z.strictObject({
  title: z.string().min(1),
  /** The meta description: unique per page. */
  description: z.string().min(1),
  updatedAt: z.coerce.date(),
  rows: z.array(rowSchema).optional(),
});

/** The theme live at `now`: the latest `launchedAt` not after it; before any launch, the earliest one. */
export function currentTheme<T extends { data: Theme }>(themes: readonly T[], now: Date = new Date()): T {
  const sorted = [...themes].sort((a, b) => a.data.launchedAt.getTime() - b.data.launchedAt.getTime());
  const first = sorted[0];
  if (!first) throw new Error('no seasonal theme in src/content/theme/');
  return sorted.filter((theme) => theme.data.launchedAt.getTime() <= now.getTime()).at(-1) ?? first;
}
