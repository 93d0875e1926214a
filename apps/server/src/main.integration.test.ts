import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { configVariables } from './config';
import { serverRoot } from './package-root';
import { startS3TestServer } from './test/s3-test-server';

const dataDir = mkdtempSync(join(tmpdir(), 'ponte-main-'));
// As root, the embedded database runs as another user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
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
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });
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

  it(
    'keeps the storage in a bucket with PONTE_STORAGE_DRIVER=s3',
    { timeout: 120_000 },
    async () => {
      const s3 = await startS3TestServer();
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: s3.credentials,
      });
      try {
        const port = await freePort();
        const started = start({
          PORT: String(port),
          HOST: '127.0.0.1',
          PONTE_DATA_DIR: join(dataDir, 's3'),
          PONTE_STORAGE_DRIVER: 's3',
          PONTE_S3_BUCKET: s3.bucket,
          PONTE_S3_ENDPOINT: s3.endpoint,
          PONTE_S3_FORCE_PATH_STYLE: 'true',
          PONTE_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
          PONTE_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
          PONTE_S3_PREFIX: 'ponte',
        });
        await waitHealthy(port, started);
        const base = `http://127.0.0.1:${port}`;
        const setup = await fetch(`${base}/account/v1/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Ana',
            email: 'ana@example.com',
            password: 'senha-segura-1',
            workspace_name: 'Principal',
          }),
        });
        const { token } = (await setup.json()) as { token: string };
        const folder = await fetch(`${base}/api/v1/storage/folder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ pathFile: '/relatórios' }),
        });
        expect(folder.status).toBe(201);
        const keys = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
        expect(keys.Contents?.map((object) => object.Key)).toEqual([
          expect.stringMatching(/^ponte\/[^/]+\/relatórios\/$/),
        ]);
        started.child.kill('SIGTERM');
        expect(await started.exited).toBe(0);
      } finally {
        client.destroy();
        await s3.stop();
      }
    },
  );
});
