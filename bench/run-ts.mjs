// Runs a TypeScript bench script the way the server runs: bundled by esbuild (no type
// stripping at run time, no helpers a dev loader adds). Usage: node bench/run-ts.mjs <file.ts> [args]
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleTs } from './support/bundle-ts.mjs';

const [entry, ...args] = process.argv.slice(2);
// Inside the server package, so that the bundle's imports resolve to node_modules and the
// server code finds its package folder (migrations) as it does from dist/.
const cache = new URL('../apps/server/node_modules/.cache/', import.meta.url).pathname;
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'ponte-bench-'));
const outfile = join(dir, 'bench.mjs');
await bundleTs(entry, outfile);
process.argv = [process.argv[0], outfile, ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
