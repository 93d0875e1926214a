import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteExtensions } from '../db/client';
import { migrationsDir } from '../package-root';

/**
 * The migrations folder as it was before the migration `tag`: the same files, the journal cut
 * there, so a test can fill a database as an older build left it and then migrate it.
 */
export async function migrationsBefore(
  tag: string,
): Promise<{ folder: string; dispose(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'ponte-migrations-'));
  await cp(migrationsDir, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 1) throw new Error(`migration ${tag} not found`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return { folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * A database as the build before migration `tag` left it, filled by `before`, then migrated to
 * today's schema and handed to `after` (on PGlite, closed and removed afterwards).
 */
export async function acrossMigration(
  tag: string,
  steps: { before(client: PGlite): Promise<unknown>; after(client: PGlite): Promise<unknown> },
): Promise<void> {
  const previous = await migrationsBefore(tag);
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: previous.folder });
    await steps.before(client);
    await migrate(db, { migrationsFolder: migrationsDir });
    await steps.after(client);
  } finally {
    await client.close();
    await previous.dispose();
  }
}
