// Bundles a TypeScript entry the way the server build does: npm packages stay external; the
// @ponte/* workspace packages are TypeScript source and are bundled, with any package npm
// installed in a workspace package's own node_modules (another version holds the root's: from
// the bundle Node would find the root's), as apps/server/build.mjs does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const packagesDir = new URL('../../packages/', import.meta.url).pathname;

/** The npm package of an import (`@scope/name` or `name`), and whether the importer's workspace package holds its own copy. */
function ownCopy(path, resolveDir) {
  if (!resolveDir.startsWith(packagesDir)) return false;
  const workspace = resolveDir.slice(packagesDir.length).split('/')[0];
  const parts = path.split('/');
  const name = path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return existsSync(join(packagesDir, workspace, 'node_modules', name));
}

export async function bundleTs(entry, outfile) {
  await build({
    entryPoints: [entry],
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
            args.path.startsWith('@ponte/') || ownCopy(args.path, args.resolveDir)
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
    logLevel: 'error',
  });
}
