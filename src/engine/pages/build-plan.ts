/**
 * The build's plan in its log: the catalogue's products loaded of its total (the catalogue's loading
 * thread logs a line per page of products, catalogue-load-worker.ts), then, once Astro has listed every
 * path it will prerender, how many of them are pages (HTML), endpoints left out, and in a rebuild how many
 * unchanged pages came from the last build beside them (page-reuse.ts). The local publisher reads the lines
 * back to show an editor how far a build has come (scripts/publisher/astro-build.ts).
 */

/** The catalogue's line: products loaded of the catalogue's total (the loading thread puts `[catalog]` before it). */
export function catalogueLoadedLine(loaded: number, total: number): string {
  return `${loaded} / ${total} products loaded`;
}

/** Finds the catalogue's line in the build's log; the groups are the products loaded and the total. */
export const CATALOGUE_LOADED = /\[catalog\] (\d+) \/ (\d+) products loaded$/;

/**
 * A rebuild's line before its plan: the pages written from the last build's pack (unchanged, so neither
 * rendered nor among the pages to write). Astro puts the time and `[page-reuse]` before it.
 */
export function reusedPagesLine(pages: number): string {
  return `${pages} pages written from the last build`;
}

/** Finds the line in the build's log; the first group is the number of pages. */
export const REUSED_PAGES = /\[page-reuse\] (\d+) pages written from the last build$/;

/** The message logged (Astro puts the time and `[page-reuse]` before it). */
export function plannedPagesLine(pages: number): string {
  return `${pages} pages to write`;
}

/** Finds the line in the build's log; the first group is the number of pages. */
export const PLANNED_PAGES = /\[page-reuse\] (\d+) pages to write$/;
