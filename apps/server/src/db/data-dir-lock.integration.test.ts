import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const root = mkdtempSync(join(tmpdir(), 'ponte-lock-'));
// As root, the embedded database runs as another user, which must be able to enter the folder.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Opening a new data dir runs initdb: slow on a busy machine.
describe('embedded database folder lock', () => {
  it('refuses a second open while the first is open, and allows it after close', async () => {
    const dataDir = join(root, 'dados');
    const first = await openEmbedded(dataDir);
    await expect(openEmbedded(dataDir)).rejects.toThrow(DataDirInUseError);
    await expect(openEmbedded(dataDir)).rejects.toThrow(
      `O diretório de dados ${dataDir} já está em uso por outro processo do Ponte.`,
    );
    await first.ping();
    await first.close();

    const second = await openEmbedded(dataDir);
    await second.ping();
    await second.close();
  }, 90_000);

  it('takes over a lock left by a process that died', async () => {
    const dbDir = join(root, 'abandonado', 'db');
    mkdirSync(`${dbDir}.lock`, { recursive: true });
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${dbDir}.lock`, old, old);
    const release = await lockDataDir(dbDir);
    // Taken over: this process now owns the folder, and a second open is refused with the message.
    expect(JSON.parse(readFileSync(`${dbDir}.owner`, 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
    });
    await expect(lockDataDir(dbDir)).rejects.toThrow(
      `O diretório de dados ${join(root, 'abandonado')} já está em uso por outro processo do Ponte.`,
    );
    await release();
    expect(existsSync(`${dbDir}.lock`)).toBe(false);
    expect(existsSync(`${dbDir}.owner`)).toBe(false);
  });

  it('takes over at once a fresh lock whose process on this machine is gone', async () => {
    const dbDir = join(root, 'morto', 'postgres');
    mkdirSync(`${dbDir}.lock`, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(`${dbDir}.owner`, JSON.stringify({ pid: dead, host: hostname() }));

    const handle = await openEmbedded(join(root, 'morto'));
    await handle.ping();
    await handle.close();
    expect(existsSync(`${dbDir}.lock`)).toBe(false);
    expect(existsSync(`${dbDir}.owner`)).toBe(false);
  }, 90_000);

  it('refuses a fresh lock whose process is alive or ran on another machine', async () => {
    const dbDir = join(root, 'vivo', 'db');
    mkdirSync(`${dbDir}.lock`, { recursive: true });
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(`${dbDir}.owner`, JSON.stringify({ pid: alive.pid, host: hostname() }));
      await expect(lockDataDir(dbDir)).rejects.toThrow(DataDirInUseError);
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      writeFileSync(`${dbDir}.owner`, JSON.stringify({ pid: dead, host: 'outra-maquina' }));
      await expect(lockDataDir(dbDir)).rejects.toThrow(DataDirInUseError);
      expect(existsSync(`${dbDir}.lock`)).toBe(true);
    } finally {
      alive.kill();
    }
  });

  it('lets only one of two processes starting together take a dead lock', async () => {
    const dbDir = join(root, 'corrida', 'db');
    mkdirSync(`${dbDir}.lock`, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(`${dbDir}.owner`, JSON.stringify({ pid: dead, host: hostname() }));

    const results = await Promise.allSettled([lockDataDir(dbDir), lockDataDir(dbDir)]);
    const taken = results.filter((result) => result.status === 'fulfilled');
    expect(taken).toHaveLength(1);
    await (taken[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });
});
