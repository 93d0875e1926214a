// Runs a TypeScript bench script the way the server runs: bundled by esbuild (no type
// stripping at run time, no helpers a dev loader adds). Usage: node bench/run-ts.mjs <file.ts> [args]
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
// Inside the server package, so that the bundle's imports resolve to node_modules and the
// server code finds its package folder (migrations) as it does from dist/.
const cache = new URL('../apps/server/node_modules/.cache/', import.meta.url).pathname;
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'ponte-bench-'));
const outfile = join(dir, 'bench.mjs');
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // npm packages stay external; the @ponte/* workspace packages are TypeScript source and are
  // bundled, as in the server build.
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
process.argv = [process.argv[0], outfile, ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
