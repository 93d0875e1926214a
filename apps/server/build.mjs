// Bundles the server into dist/main.js and the `ponte` command into dist/cli.js. Dependencies stay external (installed by npm); the
// @ponte/* workspace packages are TypeScript source and go into the bundle.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const manifest = read('./package.json');
// The workspace packages' own dependencies (jsonata, isolated-vm…) stay external too.
const workspaceDeps = ['../../packages/engine/package.json', '../../packages/shared/package.json']
  .map(read)
  .map((pkg) => pkg.dependencies ?? {});
const external = Object.keys(
  Object.assign({}, manifest.dependencies, manifest.devDependencies, ...workspaceDeps),
)
  .filter((name) => !name.startsWith('@ponte/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  // main.js: the server; cli.js: the `ponte` subcommands besides `start`.
  entryPoints: ['./src/main.ts', './src/cli.ts'].map(
    (path) => new URL(path, import.meta.url).pathname,
  ),
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
});
