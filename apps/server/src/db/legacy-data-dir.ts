import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { EmbeddedDatabaseError } from './embedded-postgres-host';
import {
  copiedMarker,
  copyLegacyData,
  LegacyCopyError,
  type LegacyCopySummary,
} from './legacy-data-dir-copy';
import { openLegacySource } from './legacy-data-dir-source';
import { migratePostgres } from './migrate';

export type { LegacyCopySummary } from './legacy-data-dir-copy';

/** What was moved, for the server's log. */
export interface LegacyMove extends LegacyCopySummary {
  /** Where the old folder now is (kept, never removed by Ponte). */
  backup: string;
  /** The copy had been committed by an earlier start that stopped before renaming the folder. */
  resumed: boolean;
}

export const legacyBackupName = 'db-pglite-backup';

/** The cluster's identifier: the first 8 bytes of `global/pg_control`. */
function systemIdentifier(folder: string): string {
  return readFileSync(join(folder, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString();
}

/** `db-pglite-backup`, or `db-pglite-backup-2`… when an earlier backup is already there. */
function backupPath(dataDir: string): string {
  for (let n = 1; ; n++) {
    const path = join(dataDir, n === 1 ? legacyBackupName : `${legacyBackupName}-${n}`);
    if (!existsSync(path)) return path;
  }
}

function failure(dataDir: string, detail: string): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError(
    `Não foi possível copiar o banco embutido da versão anterior do Ponte (pasta db de ${dataDir}) para o novo banco embutido: ${detail}. ` +
      'Nada foi perdido: a pasta db continua como estava, o novo banco ficou sem os dados copiados e a cópia é tentada de novo a cada início. ' +
      'Corrija a causa e inicie o Ponte de novo, ou volte à versão anterior do Ponte, que continua usando a pasta db. ' +
      'Para levar só os flows, as variáveis e os grupos, rode "ponte export" na versão anterior e "ponte import" nesta. ' +
      'Para começar com o banco vazio, mova a pasta db para fora de PONTE_DATA_DIR.',
  );
}

/** The comment on the target database: the marker of a committed copy, or null. */
async function markerOf(target: pg.Client): Promise<string | null> {
  const result = await target.query<{ note: string | null }>(
    `select shobj_description(oid, 'pg_database') as note from pg_database where datname = current_database()`,
  );
  return result.rows[0]?.note ?? null;
}

async function copyOnce(folder: string, target: pg.Client, marker: string) {
  let source;
  try {
    source = await openLegacySource(folder);
  } catch (error) {
    throw new LegacyCopyError(`o banco anterior não abriu (${(error as Error).message})`);
  }
  try {
    return await copyLegacyData(source, target, marker);
  } finally {
    await source.close();
  }
}

/**
 * Earlier versions kept the embedded database in `<dataDir>/db` (PostgreSQL in WebAssembly,
 * in-process). Its data is copied once into the embedded PostgreSQL at `url`, all or nothing
 * (docs/adr/0058): the target is migrated, the old folder (locked, so an earlier version still
 * running on it refuses this start) is read by a child process, the rows are counted on both
 * sides, and the folder is renamed to `db-pglite-backup`, kept. A copy that fails leaves both
 * sides as they were and refuses the start with a message that says how to go on. Null when
 * there is nothing to move.
 */
export async function migrateLegacyDataDir(
  dataDir: string,
  url: string,
): Promise<LegacyMove | null> {
  const folder = join(dataDir, 'db');
  if (!existsSync(join(folder, 'PG_VERSION'))) return null;
  const release = await lockDataDir(folder);
  const target = new pg.Client({ connectionString: url });
  try {
    await target.connect();
    await migratePostgres(target);
    let marker: string;
    try {
      marker = copiedMarker(systemIdentifier(folder));
    } catch (error) {
      throw failure(dataDir, `a pasta db está incompleta (${(error as Error).message})`);
    }
    const resumed = (await markerOf(target)) === marker;
    let summary: LegacyCopySummary = { tables: {}, rows: 0, indexes: [] };
    if (!resumed) {
      try {
        summary = await copyOnce(folder, target, marker);
      } catch (error) {
        throw failure(dataDir, (error as Error).message);
      }
    }
    const backup = backupPath(dataDir);
    try {
      renameSync(folder, backup);
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `Os dados do banco embutido anterior foram copiados para o novo banco, mas a pasta db de ${dataDir} não pôde ser renomeada para ${backup} (${(error as Error).message}). Renomeie-a à mão e inicie o Ponte de novo.`,
      );
    }
    return { ...summary, backup, resumed };
  } finally {
    await target.end().catch(() => undefined);
    await release();
  }
}
