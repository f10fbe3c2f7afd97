/**
 * What whoever runs the API asks of it: alive (/healthz), ready to serve (/readyz: the database answers and
 * every migration is applied; not while shutting down).
 */
import { createApp } from './app.ts';
import { testConfig } from './config.ts';
import { emptyDatabase, query, seededDatabase } from './test-helpers.ts';

describe('/healthz and /readyz', () => {
  test('alive and ready over a migrated database', async () => {
    const app = await createApp({ database: await seededDatabase(), config: testConfig() });
    expect((await app.request('/healthz')).status).toBe(200);
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  test('not ready while shutting down', async () => {
    let draining = false;
    const app = await createApp({
      database: await seededDatabase(),
      config: testConfig(),
      draining: () => draining,
    });
    draining = true;
    const answer = await app.request('/readyz');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ ready: false, reason: 'shutting down' });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  test('not ready when a migration is missing, naming it', async () => {
    const database = await seededDatabase();
    const app = await createApp({ database, config: testConfig() });
    await query(database.db, "DELETE FROM kysely_migration WHERE name = '0001-schema'");
    const answer = await app.request('/readyz');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ ready: false, reason: 'migrations not applied: 0001-schema' });
  });

  test('not ready when the database does not answer', async () => {
    const errors: unknown[] = [];
    const database = await seededDatabase();
    const app = await createApp({ database, config: testConfig(), onError: (error) => errors.push(error) });
    await database.close();
    const answer = await app.request('/readyz');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ ready: false, reason: 'the database does not answer' });
    expect(errors).toHaveLength(1);
  });

  test('an empty database is not served: the app needs a migrated, seeded one', async () => {
    await expect(createApp({ database: await emptyDatabase(), config: testConfig() })).rejects.toThrow();
  });
});
