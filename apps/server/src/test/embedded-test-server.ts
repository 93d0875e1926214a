import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's embedded PostgreSQL, as `urlOf('<database>')` builds it, without the name. */
    embeddedTestServer: string;
  }
}

/** The database every test database is copied from, migrated once per run. */
export const templateDatabase = 'ponte_template';

/**
 * The server tests' embedded database (vitest globalSetup of the server project): one embedded
 * PostgreSQL for the run, started as the product starts it, with durability settings off
 * (nothing of a test outlives the run). Each test database is a copy of a migrated template.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'ponte-test-db-'));
  // As root the server runs as another user, which must be able to enter the folder.
  chmodSync(folder, 0o755);
  const server = await startEmbeddedPostgres({
    folder: join(folder, 'postgres'),
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '400',
      shared_buffers: '128MB',
    },
  });
  const admin = new pg.Client({ connectionString: server.urlOf('postgres') });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();
  const template = await openPostgres(server.urlOf(templateDatabase));
  await template.close();
  project.provide('embeddedTestServer', server.urlOf(''));
  return async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
