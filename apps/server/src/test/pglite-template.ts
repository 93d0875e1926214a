import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  pgliteExtensions,
  pgliteHandle,
  pgliteStartParams,
  type DatabaseHandle,
} from '../db/client';
import { migrationsDir } from '../package-root';

function templateKey(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  const files = readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files.filter((name) => name.endsWith('.sql') || name.endsWith('.json'))) {
    hash.update(file).update(readFileSync(join(migrationsDir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Booting PGlite and migrating it takes seconds; test files start from a migrated copy kept in
 * the temp folder, keyed by the migrations and the PGlite version.
 */
export async function openPgliteFromTemplate(): Promise<DatabaseHandle> {
  const file = join(tmpdir(), `ponte-pglite-template-${templateKey()}.tar.gz`);
  if (existsSync(file)) {
    try {
      const client = await PGlite.create({
        loadDataDir: new Blob([readFileSync(file)]),
        extensions: pgliteExtensions,
        startParams: pgliteStartParams,
      });
      return await pgliteHandle(client);
    } catch {
      // an unreadable copy is rebuilt below
    }
  }
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    startParams: pgliteStartParams,
  });
  const handle = await pgliteHandle(client);
  const dump = await client.dumpDataDir('gzip');
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return handle;
}
