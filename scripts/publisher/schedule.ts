/**
 * The rebuild schedule of `npm start`: a cron job (croner) that asks the publisher for a conditional build.
 * The condition is the one the Netlify scheduled function uses (scripts/publisher/rebuild-check.ts): build
 * when the catalogue version differs from the live build's, or when a theme launch it named has come.
 *
 *   PUBLISH_SCHEDULE   a cron pattern (5 fields, or 6 with seconds) or @hourly/@daily…, in Japan time;
 *                      @hourly when unset; `off` turns the schedule off
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Cron } from 'croner';
import type { Publisher } from './publisher.ts';
import { fetchCatalogVersion, type LiveBuild, liveBuild, rebuildReason } from './rebuild-check.ts';

export const DEFAULT_SCHEDULE = '@hourly';

/** The schedule from the environment: a pattern, or null when it is off. */
export function scheduleFrom(env: Record<string, string | undefined>): string | null {
  const value = (env.PUBLISH_SCHEDULE ?? '').trim();
  if (value === '') return DEFAULT_SCHEDULE;
  return value.toLowerCase() === 'off' ? null : value;
}

export interface CheckOptions {
  /** The directory being served (its /_build/latest.json says what it was built from). */
  root: () => string;
  apiUrl: string;
  apiToken: string;
  fetcher?: typeof fetch;
  now?: () => Date;
}

/** What a served build says about itself (its /_build/latest.json), or null when it cannot say. */
export async function readLiveBuild(root: string): Promise<LiveBuild | null> {
  try {
    return liveBuild(JSON.parse(await readFile(path.join(root, '_build', 'latest.json'), 'utf8')));
  } catch {
    return null;
  }
}

/** Why the live site needs a build now, or null when it is current. Throws when the API cannot say. */
export function liveSiteCheck(options: CheckOptions): () => Promise<string | null> {
  return async () => {
    const current = await fetchCatalogVersion(options.apiUrl, options.apiToken, options.fetcher);
    // A live build that cannot say what it was built from (null) is rebuilt.
    const live = await readLiveBuild(options.root());
    return rebuildReason(live, current, options.now?.() ?? new Date());
  };
}

/** Starts the schedule; null when it is off. Throws on a pattern croner cannot read. */
export function startSchedule(
  pattern: string | null,
  publisher: Pick<Publisher, 'publish'>,
  condition: () => Promise<string | null>,
): Cron | null {
  if (pattern === null) return null;
  let job: Cron;
  try {
    job = new Cron(pattern, { timezone: 'Asia/Tokyo', unref: true }, () => {
      publisher.publish({ trigger: 'schedule', cause: `schedule ${pattern}`, condition });
    });
  } catch (error) {
    throw new Error(
      `PUBLISH_SCHEDULE: "${pattern}" is not a cron pattern (${error instanceof Error ? error.message : error})`,
    );
  }
  return job;
}
