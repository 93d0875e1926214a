#!/usr/bin/env node
// `npm run build`: the web app, then the server bundle; records when the build started so
// `npm start` knows whether the sources changed since.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const stampFile = join(root, 'apps', 'server', 'dist', '.build-stamp');

export function build() {
  const startedAt = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const workspace of ['@ponte/web', '@ponte/server']) {
    const result = spawnSync(npm, ['run', 'build', '--silent', '-w', workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0)
      throw new Error(`A construção de ${workspace} falhou: veja as mensagens acima.`);
  }
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, String(startedAt));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    build();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
