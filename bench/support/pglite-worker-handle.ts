// Option (a) of the embedded-database comparison (docs/adr/0056), for the bench only: PGlite in
// a worker thread (pglite-worker.mjs) behind a DatabaseHandle. The drizzle client is a proxy
// with what drizzle-orm/pglite calls on a PGlite client: `query`, `exec` and `transaction`; a
// transaction stays open in the worker while this thread sends its statements.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { lockDataDir } from '../../apps/server/src/db/data-dir-lock.ts';
import { migratePglite } from '../../apps/server/src/db/migrate.ts';
import { initPgliteDataDir } from '../../apps/server/src/db/pglite-initdb.ts';
import { serverRoot } from '../../apps/server/src/package-root.ts';
import { schema } from '../../apps/server/src/db/schema.ts';

const workerFile = join(serverRoot, '..', '..', 'bench', 'support', 'pglite-worker.mjs');

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}

function connect(worker: Worker) {
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  worker.on('message', (reply: Reply) => {
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(Object.assign(new Error(reply.error!.message), reply.error));
  });
  worker.on('error', (error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  return (message: Record<string, unknown>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
}

type Send = ReturnType<typeof connect>;

/** What drizzle-orm/pglite calls on a client, for the whole database or one transaction. */
function clientProxy(send: Send, tx: number | null) {
  const proxy = {
    query: (text: string, params: unknown[] = [], options: { rowMode?: string } = {}) =>
      send({ op: 'query', tx, sql: text, params, rowMode: options.rowMode ?? 'object' }),
    exec: (text: string) => send({ op: 'exec', tx, sql: text }),
    async transaction<T>(callback: (client: unknown) => Promise<T>): Promise<T> {
      if (tx !== null) throw new Error('transação aninhada: use savepoints');
      const id = (await send({ op: 'begin' })) as number;
      let result: T;
      try {
        result = await callback(clientProxy(send, id));
      } catch (error) {
        await send({ op: 'rollback', tx: id });
        throw error;
      }
      await send({ op: 'commit', tx: id });
      return result;
    },
  };
  return proxy;
}

/** Opens PGlite in `dataDir` in a worker thread, locked and migrated as openPglite does. */
export async function openPgliteWorker(dataDir: string | null): Promise<DatabaseHandle> {
  const release = dataDir === null ? null : await lockDataDir(dataDir);
  if (dataDir !== null) await initPgliteDataDir(dataDir);
  const worker = new Worker(workerFile, { workerData: { dataDir } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const send = connect(worker);
  const client = clientProxy(send, null) as unknown as PGlite;
  const db = drizzle({ client, schema });
  await migratePglite(db);
  let closed = false;
  return {
    db,
    driver: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await send({ op: 'close' });
        await worker.terminate();
      } finally {
        await release?.();
      }
    },
  };
}
