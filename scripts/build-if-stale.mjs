// Builds the web app and the server when their sources are newer than the last build.
// `npm start` and the browser journeys call it so a fresh clone needs no separate build step.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build, stampFile } from './build.mjs';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  'package.json',
  'package-lock.json',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/form.html',
  'apps/web/approval.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/engine/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function isBuildStale() {
  if (!existsSync(stampFile) || !existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))) {
    return true;
  }
  const builtAt = Number(readFileSync(stampFile, 'utf8')) || 0;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

export function buildIfStale() {
  if (!isBuildStale()) return;
  console.log('Construindo a interface web e o servidor (só na primeira vez ou após mudanças)...');
  build();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfStale();
}
