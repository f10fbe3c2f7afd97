/**
 * Paths outside the contract for whoever runs the API: `/healthz` (the process answers), `/readyz` (it can
 * serve: the database answers and every migration is applied; 503 otherwise, and while it shuts down), and
 * `/healthz/pictures` (the pictures rendered ahead: 503 while under way, so a caller can wait for them).
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Env, Services } from '../http.ts';
import { appliedMigrations, MIGRATION_NAMES } from '../migrations.ts';

export type PicturesState =
  | { pictures: 'off' | 'rendering' }
  | {
      pictures: 'ready';
      fallbacks: 'rendering' | 'ready';
      ms: number;
      rendered: number;
      present: number;
      left: number;
    };

export function healthRoutes(
  s: Services,
  state: { pictures: () => PicturesState; draining: () => boolean },
): Hono<Env> {
  const app = new Hono<Env>();
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/healthz', (c) => c.json({ ok: true }, 200, noStore));

  app.get('/readyz', async (c) => {
    if (state.draining()) return c.json({ ready: false, reason: 'shutting down' }, 503, noStore);
    try {
      await sql`SELECT 1`.execute(s.database.db);
      const applied = new Set(await appliedMigrations(s.database));
      const missing = MIGRATION_NAMES.filter((name) => !applied.has(name));
      if (missing.length > 0) {
        return c.json(
          { ready: false, reason: `migrations not applied: ${missing.join(', ')}` },
          503,
          noStore,
        );
      }
    } catch (error) {
      s.logError(error, 'the readiness check');
      return c.json({ ready: false, reason: 'the database does not answer' }, 503, noStore);
    }
    return c.json({ ready: true }, 200, noStore);
  });

  app.get('/healthz/pictures', (c) => {
    const pictures = state.pictures();
    return pictures.pictures === 'rendering'
      ? c.json(pictures, 503, { 'Retry-After': '5', ...noStore })
      : c.json(pictures, 200, noStore);
  });

  return app;
}
