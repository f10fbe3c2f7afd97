/**
 * The scripts pages load by URL (imported with `?worker&url`), as globs from the project's root.
 * `astro dev` pre-bundles the dependencies its scan finds from the pages and islands, and does not follow
 * such an import: without these as entries of its scan, a first visit found their dependencies (web-vitals,
 * Sentry's browser SDK), Vite bundled every dependency again under a new version, and the modules it had
 * already served asked for the old bundles ("504 Outdated Optimize Dep") and never ran.
 * worker-url-entries.test.ts fails when a page loads a script by URL that no glob here names.
 */
export const WORKER_URL_ENTRIES = [
  'src/layouts/page-start.ts',
  'src/pages/**/_script.ts',
  'src/features/bag/held-bag-script.ts',
  'src/features/telemetry/error-reporter.ts',
  'src/features/telemetry/vitals.ts',
];
