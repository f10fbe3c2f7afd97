/**
 * The scripts pages load by URL (imported with `?worker&url`), as globs from the project's root.
 * `astro dev` pre-bundles the dependencies its scan finds from the pages and islands, and does not follow
 * such an import: without these as entries of its scan, a first visit finds their dependencies (web-vitals,
 * Sentry's browser SDK), Vite bundles every dependency again under a new version, and the modules it has
 * already served ask for the old bundles ("504 Outdated Optimize Dep") and never run.
 * worker-url-entries.test.ts fails when a page loads a script by URL that no glob here names.
 */
export const WORKER_URL_ENTRIES = [
  'src/layouts/page-start.ts',
  'src/pages/**/_script.ts',
  'src/features/bag/held-bag-script.ts',
  'src/features/telemetry/error-reporter.ts',
  'src/features/telemetry/vitals.ts',
];
