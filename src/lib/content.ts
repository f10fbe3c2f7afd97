/**
 * Authored content (Markdown in src/content/, editable by content editors): the schemas its frontmatter is
 * checked against, and which theme the home page shows.
 */
import { z } from 'astro/zod';

/** A seasonal theme: a Japanese title and, as the Markdown body, a short poem-like text. */
export const themeSchema = z.strictObject({
  title: z.string().min(1),
  /** The day the theme goes live, from midnight in Japan; the newest theme already live is shown. */
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

/** Japan has no daylight saving time: midnight in Tokyo is always 15:00 UTC the day before. */
const TOKYO_OFFSET_MS = 9 * 3600_000;

/**
 * The instant a theme goes live: midnight in Japan on its launch date. The frontmatter holds a date
 * (`2024-07-01`), which YAML reads as midnight UTC; its calendar day is what counts.
 */
export function themeLaunch(launchedAt: Date): Date {
  const day = Date.UTC(launchedAt.getUTCFullYear(), launchedAt.getUTCMonth(), launchedAt.getUTCDate());
  return new Date(day - TOKYO_OFFSET_MS);
}

/** The theme live at `now`: the latest launch not after it; before any launch, the earliest theme. */
export function currentTheme<T extends { data: Theme }>(themes: readonly T[], now: Date = new Date()): T {
  const sorted = [...themes].sort((a, b) => a.data.launchedAt.getTime() - b.data.launchedAt.getTime());
  const first = sorted[0];
  if (!first) throw new Error('no seasonal theme in src/content/theme/');
  return (
    sorted.filter((theme) => themeLaunch(theme.data.launchedAt).getTime() <= now.getTime()).at(-1) ?? first
  );
}

/**
 * The next theme launch after `after` (a build's time), or null. A build publishes it, so the rebuild
 * schedule builds again once that moment has come and the theme appears on its date.
 */
export function nextThemeLaunch(themes: readonly { data: Theme }[], after: Date): Date | null {
  const launches = themes
    .map((theme) => themeLaunch(theme.data.launchedAt))
    .filter((launch) => launch.getTime() > after.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return launches[0] ?? null;
}
