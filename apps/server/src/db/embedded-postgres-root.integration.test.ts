import { chownSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './client';

const asRoot = process.getuid?.() === 0;
// Mode 700, like /root: the system user that runs PostgreSQL cannot pass through it.
const closed = mkdtempSync(join(tmpdir(), 'ponte-root-home-'));
afterAll(() => rmSync(closed, { recursive: true, force: true }));

type Handle = Awaited<ReturnType<typeof openEmbedded>>;

async function marks(handle: Handle): Promise<string[]> {
  const result = (await handle.db.execute(
    sql`select texto from marca order by texto`,
  )) as unknown as {
    rows: { texto: string }[];
  };
  return result.rows.map((row) => row.texto);
}

function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) chownTree(child, uid, gid);
    else chownSync(child, uid, gid);
  }
}

// Only a root Ponte runs PostgreSQL as another user (docs/adr/0075).
describe.skipIf(!asRoot)('embedded PostgreSQL of a root Ponte', () => {
  it('starts with its data folder inside a folder of mode 700, and opens nothing to do so', async () => {
    expect(statSync(closed).mode & 0o777).toBe(0o700);
    const dataDir = join(closed, 'ponte', 'data');
    const first = await openEmbedded(dataDir);
    await first.db.execute(sql`create table marca (texto text)`);
    await first.db.execute(sql`insert into marca values ('guardado em /root')`);
    await first.close();

    const second = await openEmbedded(dataDir);
    expect(await marks(second)).toEqual(['guardado em /root']);
    await second.close();
    // Nothing above the data folder was opened to the database user.
    expect(statSync(closed).mode & 0o777).toBe(0o700);
    expect(statSync(closed).uid).toBe(0);
  }, 180_000);

  it('starts a cluster restored from a backup with another owner, keeping its data', async () => {
    const dataDir = join(closed, 'restaurado');
    const first = await openEmbedded(dataDir);
    await first.db.execute(sql`create table marca (texto text)`);
    await first.db.execute(sql`insert into marca values ('do backup')`);
    await first.close();
    // `tar x` as root on another machine: every file now belongs to root.
    const cluster = join(dataDir, 'postgres', 'cluster');
    chownTree(cluster, 0, 0);

    const restored = await openEmbedded(dataDir);
    expect(await marks(restored)).toEqual(['do backup']);
    expect(statSync(cluster).uid).not.toBe(0);
    await restored.close();
  }, 180_000);
});
