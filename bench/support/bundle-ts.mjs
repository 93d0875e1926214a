// Bundles a TypeScript entry the way the server build does: npm packages stay external; the
// @ponte/* workspace packages are TypeScript source and are bundled.
import { build } from 'esbuild';

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
            args.path.startsWith('@ponte/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    logLevel: 'error',
  });
}
