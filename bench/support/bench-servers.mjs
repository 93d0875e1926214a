// The servers the embedded-database benches start: Ponte as built (dist/main.js: the default
// embedded database, or DATABASE_URL) and option (a) of docs/adr/0056 (PGlite in a worker
// thread), bundled by esbuild as the server build does, into the server package's cache so
// that it finds its package folder (migrations) as dist/ does.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('../..', import.meta.url).pathname;

export const builtServer = join(root, 'apps/server/dist/main.js');

/** Bundles bench/support/server-pglite-worker.ts; returns the bundle's path. */
export async function buildPgliteWorkerServer() {
  const dir = join(root, 'apps/server/node_modules/.cache/ponte-bench-server');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'server-pglite-worker.mjs');
  await build({
    entryPoints: [join(root, 'bench/support/server-pglite-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [
      {
        name: 'external-packages',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@ponte/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    logLevel: 'error',
  });
  return outfile;
}
