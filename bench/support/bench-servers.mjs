// The servers the embedded-database benches start: Ponte as built (dist/main.js: the default
// embedded database, or DATABASE_URL) and bench-server.ts (PGlite on the main thread or, option
// (a) of docs/adr/0056, in a worker thread: PONTE_BENCH_DATABASE), bundled by esbuild as the server build does, into the server package's cache so
// that it finds its package folder (migrations) as dist/ does.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bundleTs } from './bundle-ts.mjs';

const root = new URL('../..', import.meta.url).pathname;

export const builtServer = join(root, 'apps/server/dist/main.js');

/** Bundles bench/support/bench-server.ts; returns the bundle's path. */
export async function buildBenchServer() {
  const dir = join(root, 'apps/server/node_modules/.cache/ponte-bench-server');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'bench-server.mjs');
  await bundleTs(join(root, 'bench/support/bench-server.ts'), outfile);
  return outfile;
}
