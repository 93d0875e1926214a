// Bundles the server into dist/main.js and the `ponte` command into dist/cli.js. Dependencies stay external (installed by npm); the
// @ponte/* workspace packages are TypeScript source and go into the bundle.
import { existsSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const manifest = read('./package.json');
// The workspace packages' own dependencies (jsonata, isolated-vm…) stay external too, except one
// npm installed in the package's own node_modules (another version holds the root's): from
// dist/main.js Node would find the root's, so that one goes into the bundle.
const workspaceDeps = ['engine', 'shared'].map((name) => {
  const deps = { ...read(`../../packages/${name}/package.json`).dependencies };
  for (const dep of Object.keys(deps))
    if (existsSync(new URL(`../../packages/${name}/node_modules/${dep}`, import.meta.url)))
      delete deps[dep];
  return deps;
});
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
