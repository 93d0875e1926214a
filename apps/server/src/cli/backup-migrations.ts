import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsDir } from '../package-root';

interface JournalEntry {
  when: number;
  tag: string;
}

/** This build's migrations, in order (drizzle-kit's journal). */
export async function buildMigrations(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  return (journal as { entries: JournalEntry[] }).entries;
}

/**
 * Applies only the first `count` migrations of this build: a backup's rows are loaded into the
 * schema they were dumped from, and the later migrations then change them as on any upgrade.
 */
export async function migrateTo(client: pg.Client, count: number): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'ponte-migrations-'));
  try {
    const journal = JSON.parse(
      await readFile(join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: JournalEntry[] };
    const entries = journal.entries.slice(0, count);
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      await copyFile(join(migrationsDir, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
