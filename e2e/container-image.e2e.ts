import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The container image, built and run here with buildah (no registry of images, no Docker
 * daemon): scripts/container/check-image.mjs builds it on a Debian base with this machine's
 * Node.js, starts it with the embedded PostgreSQL on a /data folder, signs up, activates a
 * webhook flow and calls it, stops it with SIGTERM and starts it again on the same data. The
 * base image and the dependency layers stay in buildah's store: only the first run is slow.
 */

const root = new URL('..', import.meta.url).pathname;
const installed = (tool: string) => spawnSync(tool, ['--version']).status === 0;
const asRoot = process.getuid?.() === 0;
const runnable = installed('buildah') && installed('debootstrap') && asRoot;

if (!runnable) {
  console.warn(
    'Teste da imagem de contêiner pulado: precisa do buildah e do debootstrap ' +
      '(apt-get install -y buildah debootstrap) e de root.',
  );
}

function checkImage(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/container/check-image.mjs'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!runnable)('A imagem de contêiner', () => {
  it(
    'builds, serves a webhook flow with the embedded database, stops on SIGTERM and keeps its data',
    async () => {
      const { code, output } = await checkImage();
      expect(code, output).toBe(0);
      expect(output).toContain('conta criada, flow de webhook ativo e respondendo');
      expect(output).toContain('após reiniciar sobre os mesmos dados, o flow continua respondendo');
      // The duration of each phase, for whoever watches the CI's time.
      console.warn(output.split('\n').find((line) => line.includes('tudo certo')));
    },
    30 * 60_000,
  );
});
