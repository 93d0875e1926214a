// Bundles a TypeScript entry the way the server build does: npm packages stay external; the
// @ponte/* workspace packages are TypeScript source and are bundled, and so is a package that
// npm installed in a workspace package's own node_modules (another version holds the root's:
// from the bundle, Node would find the root's), as apps/server/build.mjs does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The workspace package folder (`…/packages/engine`) a file is in, if any. */
function workspacePackageOf(dir) {
  const match = /^(.*\/(?:packages|apps)\/[^/]+)(?:\/|$)/.exec(dir);
  return match?.[1];
}

/** `fast-xml-parser/x` → `fast-xml-parser`; `@scope/name/x` → `@scope/name`. */
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

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
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@ponte/')) return undefined;
            const own = workspacePackageOf(args.resolveDir);
            if (own && existsSync(join(own, 'node_modules', packageName(args.path))))
              return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
    logLevel: 'error',
  });
}
