// Bundles the server into dist/main.js and the `ponte` command into dist/cli.js. Dependencies stay external (installed by npm); the
// @ponte/* workspace packages are TypeScript source and go into the bundle. Code reached only
// through `import()` (a rarely used node's reader, docs/adr/0127) goes into chunks of its own
// under dist/chunks/, loaded on first use; so does the code both entry points share.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

// Chunk names carry a hash of their content: the last build's are removed, not left beside.
rmSync(new URL('./dist/chunks', import.meta.url), { recursive: true, force: true });

const result = await build({
  // main.js: the server; cli.js: the `ponte` subcommands besides `start`.
  entryPoints: ['./src/main.ts', './src/cli.ts'].map(
    (path) => new URL(path, import.meta.url).pathname,
  ),
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
  metafile: true,
});

// esbuild writes strings in ASCII but leaves comments and regular expressions as they are; one
// character past Latin-1 ('…', '—') makes V8 hold the whole file's source two bytes a character
// (docs/adr/0127). Written as \u escapes, which mean the same in both places.
for (const file of Object.keys(result.metafile.outputs).filter((path) => path.endsWith('.js'))) {
  const text = readFileSync(file, 'utf8');
  const escaped = text.replace(
    /[\u0100-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (escaped !== text) writeFileSync(file, escaped);
}
