// A database for a bench and the monitoring bench's logs, shared by the benches that read them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  openPglite,
  openPostgres,
  type Database,
  type DatabaseHandle,
} from '../../apps/server/src/db/client.ts';

/**
 * Without a URL the embedded PostgreSQL runs in a temp folder; with one, a fresh database is
 * created on that server for the run and dropped by `cleanup`.
 */
export async function openBenchDatabase(
  prefix: string,
  serverUrl: string | null,
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    const handle = await openPglite(join(dir, 'db'));
    return { handle, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `ponte_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    handle,
    cleanup: async () => {
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

/**
 * `total` logs of one workspace spread over the 30 days before `now`: 20 flows, an execution per
 * 10 logs, every 7th log internal and every 11th debug; then 50 000 of a second workspace, so
 * that every query really filters by workspace.
 */
export async function insertBenchLogs(db: Database, workspace: string, total: number, now: Date) {
  const chunk = 100_000;
  for (let offset = 0; offset < total; offset += chunk) {
    const size = Math.min(chunk, total - offset);
    await db.execute(sql`
      insert into logs (workspace_id, flow_id, execution_id, node_uid, type, label, message, created_at)
      select ${workspace}, 'flow-' || (i % 20), 'exec-' || (i / 10), 'n' || (i % 5),
             case when i % 7 = 0 then 'internal' when i % 11 = 0 then 'debug' else 'user' end,
             'Etapa ' || (i % 13),
             'Pedido ' || i || ' processado para o cliente ' || (i % 997) || ' com total de R$ ' || (i % 5000),
             ${now.toISOString()}::timestamptz - (i * (30 * 86400.0 / ${total}) || ' seconds')::interval
      from generate_series(${offset}::bigint, ${offset + size - 1}::bigint) as i`);
  }
  await db.execute(sql`
    insert into logs (workspace_id, flow_id, execution_id, type, label, message, created_at)
    select 'ws-outro', 'flow-x', 'exec-x' || i, 'user', '', 'Pedido ' || i, now() - (i || ' seconds')::interval
    from generate_series(1, 50000) as i`);
}
