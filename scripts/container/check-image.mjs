#!/usr/bin/env node
// Builds Ponte's image here (build-image.sh: a Debian base with this machine's Node.js, no
// registry) and checks it as an operator would: the image's command starts with the embedded
// PostgreSQL on a /data folder, /readyz answers, a first account signs up and in through the
// API, an active webhook flow answers; SIGTERM to the container's first process stops it with
// exit code 0; started again on the same folder, the same flow still answers.
//
// usage: node scripts/container/check-image.mjs [--skip-build] [image]   (needs root and buildah)
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  entrypointPid,
  healthy,
  killContainer,
  removeContainer,
  startContainer,
} from './container.mjs';
import { createWebhookFlow, setUpAccount } from './ponte-api.mjs';

const args = process.argv.slice(2);
const skipBuild = args.includes('--skip-build');
const image = args.find((arg) => !arg.startsWith('--')) ?? 'localhost/ponte:local';
const here = new URL('.', import.meta.url).pathname;
const timings = [];

function say(text) {
  console.log(`[imagem] ${text}`);
}

async function timed(label, work) {
  const started = Date.now();
  const result = await work();
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  timings.push(`${label}: ${seconds} s`);
  say(`${label}: ${seconds} s`);
  return result;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls /readyz until it answers 200; fails when the container exits first. */
async function waitReady(url, container, limitSeconds = 240) {
  let exited = null;
  container.exited.then((code) => (exited = code));
  for (let attempt = 0; attempt < limitSeconds * 4; attempt += 1) {
    if (exited !== null) throw new Error(`O contêiner saiu (${exited}):\n${container.output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/readyz não respondeu em ${limitSeconds} s:\n${container.output()}`);
}

/** SIGTERM to the container's first process, as `docker stop` does; gives the exit code. */
async function stop(container) {
  const pid = entrypointPid(container);
  process.kill(pid, 'SIGTERM');
  const code = await container.exited;
  if (code !== 0)
    throw new Error(`O contêiner saiu com ${code} após SIGTERM:\n${container.output()}`);
}

async function callWebhook(url, flowId) {
  const reply = await fetch(`${url}/engine/webhook/${flowId}/eco`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nome: 'Maria' }),
  });
  const text = await reply.text();
  if (reply.status !== 200 || text !== 'Recebido: Maria') {
    throw new Error(`O webhook respondeu ${reply.status}: ${text}`);
  }
}

async function runOnce(dataDir, port, work) {
  const env = { PORT: String(port), LOG_LEVEL: 'warn' };
  const container = startContainer(image, { dataDir, env });
  try {
    const url = `http://127.0.0.1:${port}`;
    await timed('partida até /readyz', () => waitReady(url, container));
    if (!healthy(container, env))
      throw new Error('O HEALTHCHECK da imagem falhou com o servidor no ar.');
    const result = await work(url);
    await timed('parada com SIGTERM', () => stop(container));
    return result;
  } finally {
    if (container.child.exitCode === null) killContainer(container);
    await container.exited;
    removeContainer(container.name);
  }
}

async function main() {
  if (!skipBuild) {
    await timed('construção da imagem', () =>
      execFileSync('bash', [join(here, 'build-image.sh'), image], { stdio: 'inherit' }),
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ponte-image-data-'));
  // The image runs as the user `ponte` (uid 10001), who must own the volume.
  chownSync(dataDir, 10001, 10001);
  try {
    const port = await freePort();
    const flowId = await runOnce(dataDir, port, async (url) => {
      const token = await setUpAccount(url);
      const id = await createWebhookFlow(url, token);
      await callWebhook(url, id);
      say('conta criada, flow de webhook ativo e respondendo');
      return id;
    });
    await runOnce(dataDir, port, async (url) => {
      await callWebhook(url, flowId);
      say('após reiniciar sobre os mesmos dados, o flow continua respondendo');
    });
    say(`tudo certo (${timings.join('; ')})`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[imagem] falhou: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
