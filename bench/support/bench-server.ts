// The server of apps/server/src/main.ts with the embedded database the comparison of
// docs/adr/0056 asks for (PONTE_BENCH_DATABASE): `pglite` (PGlite on the main thread, as
// before) or `pglite-worker` (option (a): PGlite in a worker thread); otherwise the server's
// own choice (DATABASE_URL or its default). For the benches only; bundled by
// bench/support/bench-servers.mjs and started with the Node flags of `npm start`.
import { join } from 'node:path';
import { openDatabase, openPglite } from '../../apps/server/src/db/client.ts';
import { runServer, type OpenDatabase } from '../../apps/server/src/server-main.ts';
import { openPgliteWorker } from './pglite-worker-handle.ts';

const open: OpenDatabase = (config, options) => {
  const folder = join(config.dataDir, 'db');
  if (process.env.PONTE_BENCH_DATABASE === 'pglite') return openPglite(folder);
  if (process.env.PONTE_BENCH_DATABASE === 'pglite-worker') return openPgliteWorker(folder);
  return openDatabase(config, options);
};

await runServer(open);
