import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedDatabaseError } from './embedded-postgres-host';

/**
 * Earlier versions kept the embedded database in `<dataDir>/db` (PostgreSQL in WebAssembly,
 * in-process). Until it is copied into the embedded PostgreSQL, the start is refused: its data
 * is never ignored.
 */
export async function migrateLegacyDataDir(dataDir: string, _url: string): Promise<void> {
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) return;
  throw new EmbeddedDatabaseError(
    'Esta pasta de dados tem o banco embutido de uma versão anterior do Ponte (pasta db). Ele ainda não foi copiado para o novo banco embutido.',
  );
}
