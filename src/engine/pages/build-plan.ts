/**
 * The build's plan in its log: once Astro has listed every path it will prerender, page-reuse.ts logs how
 * many of them are pages (HTML), endpoints left out. The local publisher reads the line back to show an
 * editor how far a build has come, pages written of pages planned (scripts/publisher/astro-build.ts).
 */

/** The message logged (Astro puts the time and `[page-reuse]` before it). */
export function plannedPagesLine(pages: number): string {
  return `${pages} pages to write`;
}

/** Finds the line in the build's log; the first group is the number of pages. */
export const PLANNED_PAGES = /\[page-reuse\] (\d+) pages to write$/;
