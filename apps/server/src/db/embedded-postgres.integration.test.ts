import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './client';
import { DataDirInUseError } from './data-dir-lock';
import type { EmbeddedPostgresEvent } from './embedded-postgres';

const root = mkdtempSync(join(tmpdir(), 'ponte-embedded-'));
// As root, the database runs as another user, which must be able to enter the folder.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type Handle = Awaited<ReturnType<typeof openEmbedded>>;

async function rows<T>(handle: Handle, query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function tables(handle: Handle): Promise<string[]> {
  const found = await rows<{ name: string }>(
    handle,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return found.map((row) => row.name);
}

/** Polls `check` every 50 ms until it is true, for at most `ms`. */
async function waitFor(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Esperou demais por: ${what}`);
}

function portOf(folder: string): number {
  const lines = readFileSync(join(folder, 'cluster', 'postmaster.pid'), 'utf8').split('\n');
  return Number(lines[3]);
}

// Each open of a new folder runs initdb (a few seconds on a busy machine).
describe('embedded PostgreSQL', () => {
  it('creates the cluster once, migrates it, keeps the data across restarts and stops with close', async () => {
    const dataDir = join(root, 'primeiro');
    const first = await openEmbedded(dataDir);
    expect(first.driver).toBe('embedded');
    expect(await tables(first)).toEqual(expect.arrayContaining(['flows', 'executions', 'logs']));
    await first.db.execute(sql`create table marca (texto text)`);
    await first.db.execute(sql`insert into marca values ('continua aqui')`);
    const trgm = await rows<{ n: string }>(
      first,
      sql`select count(*)::text as n from pg_extension where extname = 'pg_trgm'`,
    );
    expect(trgm[0]?.n).toBe('1');
    const pid = first.serverPid()!;
    expect(alive(pid)).toBe(true);
    await first.close();
    expect(alive(pid)).toBe(false);

    const second = await openEmbedded(dataDir);
    const kept = await rows<{ texto: string }>(second, sql`select texto from marca`);
    expect(kept).toEqual([{ texto: 'continua aqui' }]);
    await second.close();
  }, 120_000);

  it('listens on 127.0.0.1 only, asks for the generated password, and keeps it private', async () => {
    const dataDir = join(root, 'senha');
    const handle = await openEmbedded(dataDir);
    const folder = join(dataDir, 'postgres');
    const port = portOf(folder);
    const password = readFileSync(join(folder, 'password'), 'utf8');
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(statSync(join(folder, 'password')).mode & 0o077).toBe(0);
    expect(statSync(join(folder, 'cluster')).mode & 0o077).toBe(0);
    const wrong = new pg.Client({ host: '127.0.0.1', port, user: 'ponte', password: 'errada' });
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
    const right = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'ponte',
      password,
      database: 'ponte',
    });
    await right.connect();
    const listen = await right.query<{ v: string }>(
      `select current_setting('listen_addresses') as v`,
    );
    expect(listen.rows[0]?.v).toBe('127.0.0.1');
    const socket = await right.query<{ v: string }>(
      `select current_setting('unix_socket_directories') as v`,
    );
    expect(socket.rows[0]?.v).toBe('');
    if (process.getuid?.() === 0) {
      // As root the server runs as the system user `ponte`, not as root.
      const owner = statSync(join(folder, 'cluster', 'PG_VERSION')).uid;
      expect(owner).not.toBe(0);
    }
    await right.end();
    await handle.close();
  }, 120_000);

  it('refuses a second Ponte on the same data dir', async () => {
    const dataDir = join(root, 'dono');
    const first = await openEmbedded(dataDir);
    await expect(openEmbedded(dataDir)).rejects.toThrow(DataDirInUseError);
    await expect(openEmbedded(dataDir)).rejects.toThrow(
      `O diretório de dados ${dataDir} já está em uso por outro processo do Ponte.`,
    );
    await first.ping();
    await first.close();
  }, 120_000);

  it('reports a server killed with -9 and starts it again with the data intact', async () => {
    const dataDir = join(root, 'queda');
    const events: EmbeddedPostgresEvent[] = [];
    const handle = await openEmbedded(dataDir, { onEvent: (event) => events.push(event) });
    await handle.db.execute(sql`create table antes (n int)`);
    await handle.db.execute(sql`insert into antes values (1), (2)`);
    const pid = handle.serverPid()!;
    process.kill(pid, 'SIGKILL');
    await waitFor(() => events.some((event) => event.kind === 'restarted'), 60_000, 'restart');
    expect(events[0]).toEqual({ kind: 'exited', code: null, signal: 'SIGKILL' });
    expect(handle.serverPid()).not.toBe(pid);
    // The pool's old connections are gone; the next statements reach the new server.
    await waitFor(
      () =>
        handle.ping().then(
          () => true,
          () => false,
        ),
      30_000,
      'the pool back',
    );
    const kept = await rows<{ n: number }>(handle, sql`select n from antes order by n`);
    expect(kept).toEqual([{ n: 1 }, { n: 2 }]);
    await handle.close();
    expect(events.some((event) => event.kind === 'restart-failed')).toBe(false);
  }, 120_000);

  it('stops the server left running by a Ponte killed with -9 before starting its own', async () => {
    const dataDir = join(root, 'orfao');
    // A process that opens the database and is then killed: its PostgreSQL keeps running.
    const script = `
      import { openEmbedded } from ${JSON.stringify(new URL('./client.ts', import.meta.url).pathname)};
      const handle = await openEmbedded(process.argv[1]);
      console.log(String(handle.serverPid()));
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitFor(() => /\d+\n/.test(out), 90_000, 'the first Ponte');
    const orphan = Number(out.trim());
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(alive(orphan)).toBe(true);

    const events: EmbeddedPostgresEvent[] = [];
    const handle = await openEmbedded(dataDir, { onEvent: (event) => events.push(event) });
    expect(events).toContainEqual({ kind: 'orphan-stopped', pid: orphan });
    expect(alive(orphan)).toBe(false);
    await handle.ping();
    await handle.close();
    expect(existsSync(join(dataDir, 'postgres', 'cluster', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});
