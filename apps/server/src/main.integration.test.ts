import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { configVariables } from './config';
import { serverRoot } from './package-root';

const dataDir = mkdtempSync(join(tmpdir(), 'ponte-main-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const base = { ...process.env };
  for (const { name } of configVariables) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...base, LOG_LEVEL: 'warn', PONTE_WEB_DIST: join(dataDir, 'sem-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitHealthy(port: number, started: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not healthy in time:\n${started.output()}`);
}

describe('server process', () => {
  it(
    'starts, refuses a second process on the same data, stops on SIGTERM and starts again',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const env = { PORT: String(port), HOST: '127.0.0.1', PONTE_DATA_DIR: dataDir };
      const first = start(env);
      await waitHealthy(port, first);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok' });
      const page = await fetch(`http://127.0.0.1:${port}/flows`);
      expect(page.status).toBe(503);

      const second = start({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('já está em uso por outro processo do Ponte');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const third = start(env);
      await waitHealthy(port, third);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      third.child.kill('SIGINT');
      expect(await third.exited).toBe(0);
    },
  );

  it('exits with a message naming a bad variable', { timeout: 60_000 }, async () => {
    const bad = start({ PORT: 'abc', PONTE_DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('A variável de ambiente PORT é inválida');
  });

  it('refuses a taken PORT before creating the data dir', { timeout: 60_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const freshDir = join(dataDir, 'nunca-criado');
    try {
      const bad = start({ PORT: String(port), HOST: '127.0.0.1', PONTE_DATA_DIR: freshDir });
      expect(await bad.exited).toBe(1);
      expect(bad.output()).toContain(`A porta ${port} (PORT) já está em uso`);
      expect(existsSync(freshDir)).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('names the connection error of an unreachable DATABASE_URL', { timeout: 60_000 }, async () => {
    const refused = await freePort(); // nothing listens there
    const bad = start({
      PORT: String(await freePort()),
      PONTE_DATA_DIR: dataDir,
      DATABASE_URL: `postgres://ponte@127.0.0.1:${refused}/ponte`,
    });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain(
      'Não foi possível conectar ao banco de dados: connect ECONNREFUSED',
    );
    expect(bad.output()).not.toMatch(/select|create table|migra/i);
  });

  it(
    'refuses a start whose PONTE_ENCRYPTION_KEY cannot open what is stored',
    { timeout: 120_000 },
    async () => {
      const keyDir = join(dataDir, 'chaves');
      const port = await freePort();
      const env = { PORT: String(port), HOST: '127.0.0.1', PONTE_DATA_DIR: keyDir };
      const first = start({ ...env, PONTE_ENCRYPTION_KEY: 'a1'.repeat(32) });
      await waitHealthy(port, first);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const wrong = start({ ...env, PONTE_ENCRYPTION_KEY: 'b2'.repeat(32) });
      expect(await wrong.exited).toBe(1);
      expect(wrong.output()).toContain(messages.serviceAccounts.keyMismatch);
      expect(wrong.output()).not.toContain(keyDir);
      expect(wrong.output()).not.toMatch(/\n\s+at /);

      const right = start({ ...env, PONTE_ENCRYPTION_KEY: 'a1'.repeat(32) });
      await waitHealthy(port, right);
      right.child.kill('SIGTERM');
      expect(await right.exited).toBe(0);
    },
  );
});
