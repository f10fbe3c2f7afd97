/**
 * Vitest's global setup for the API's tests on PostgreSQL (vitest.postgres.config.ts): one throwaway
 * cluster for the run, without autovacuum (postgres-cluster.ts says why), its URL handed to the tests
 * (test-helpers.ts), removed at the end.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster({ autovacuum: false });
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
