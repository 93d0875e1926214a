import { spawn, type ChildProcess } from 'node:child_process';
import { serverRoot } from '../package-root';

// Opens the old folder and runs the statements it receives over the IPC channel, one at a
// time. Run from the server package so that the bare specifiers resolve to the same PGlite
// the earlier versions used. It stops when its parent goes away.
const script = `
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
process.on('disconnect', () => process.exit(1));
const reason = (error) => (error instanceof Error ? error.message : String(error));
let client;
try {
  client = await PGlite.create({ dataDir: process.argv[1], extensions: { pg_trgm } });
  process.send({ ready: true });
} catch (error) {
  process.send({ ready: false, error: reason(error) }, () => process.exit(1));
}
process.on('message', async (request) => {
  if (request.close) {
    await client.close().catch(() => undefined);
    process.send({ id: request.id, rows: [] }, () => process.exit(0));
    return;
  }
  try {
    const result = request.params
      ? await client.query(request.sql, request.params)
      : (await client.exec(request.sql)).at(-1) ?? { rows: [] };
    process.send({ id: request.id, rows: result.rows });
  } catch (error) {
    process.send({ id: request.id, error: reason(error) });
  }
});
`;

/** The old in-process database, open in a child process. */
export interface LegacySource {
  /** One statement with parameters, or (without) any number of statements: the last one's rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Closes the database and waits for the child to end. */
  close(): Promise<void>;
}

interface Reply {
  id?: number;
  ready?: boolean;
  rows?: unknown[];
  error?: string;
}

/** The child ended or could not be started: its last words, in pt-BR. */
function endedMessage(code: number | null, signal: string | null, stderr: string): string {
  const how = signal ? `pelo sinal ${signal}` : `com o código ${code}`;
  const last = stderr.trim().split('\n').filter(Boolean).at(-1);
  return `o processo que lê o banco anterior terminou ${how}${last ? ` (${last})` : ''}`;
}

/**
 * Opening a PGlite folder leaves hundreds of megabytes resident in the process that did it
 * (see pglite-initdb.ts): the old database is read by a short-lived child process instead.
 */
export function openLegacySource(folder: string): Promise<LegacySource> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, folder],
    { cwd: serverRoot, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const pending = new Map<number, { resolve(rows: unknown[]): void; reject(e: Error): void }>();
  let nextId = 1;
  let ended: Error | null = null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return new Promise<LegacySource>((resolveOpen, rejectOpen) => {
    child.once('error', (error) => rejectOpen(error));
    child.on('exit', (code, signal) => {
      ended = new Error(endedMessage(code, signal, stderr));
      rejectOpen(ended);
      for (const each of pending.values()) each.reject(ended);
      pending.clear();
    });
    child.on('message', (reply: Reply) => {
      if (reply.id === undefined) {
        if (reply.ready) resolveOpen(source);
        else rejectOpen(new Error(reply.error ?? 'o banco anterior não abriu'));
        return;
      }
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.rows ?? []);
    });

    const send = (message: object) =>
      new Promise<unknown[]>((resolve, reject) => {
        if (ended) return reject(ended);
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.send({ ...message, id });
      });
    const source: LegacySource = {
      query: <T>(sql: string, params?: unknown[]) =>
        send(params ? { sql, params } : { sql }) as Promise<T[]>,
      async close() {
        if (!ended) await send({ close: true }).catch(() => undefined);
        if (child.exitCode === null && child.signalCode === null) {
          // A child that does not end by itself (it should) is not left behind.
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          await exited;
          clearTimeout(timer);
        }
      },
    };
  });
}
