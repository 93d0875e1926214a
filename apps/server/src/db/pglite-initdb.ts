import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serverRoot } from '../package-root';

const run = promisify(execFile);

// Creates the cluster in a folder and closes it. Run from the server package so that the
// bare specifier resolves to the same PGlite the server uses.
const script = `
import { PGlite } from '@electric-sql/pglite';
const client = await PGlite.create({ dataDir: process.argv[1] });
await client.close();
`;

/**
 * Creating a PGlite cluster (initdb) leaves hundreds of megabytes resident in the process that
 * did it, even after closing it. A new embedded database is therefore created by a short-lived
 * child process; the server then opens the ready folder and stays small.
 */
export async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  try {
    await run(process.execPath, ['--input-type=module', '-e', script, dataDir], {
      cwd: serverRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`Não foi possível criar o banco embutido em ${dataDir}: ${detail}`);
  }
}
