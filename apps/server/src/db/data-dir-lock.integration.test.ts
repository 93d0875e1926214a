import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const root = mkdtempSync(join(tmpdir(), 'ponte-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database folder lock', () => {
  it('refuses a second open while the first is open, and allows it after close', async () => {
    const dbDir = join(root, 'dados', 'db');
    const first = await openPglite(dbDir);
    await expect(openPglite(dbDir)).rejects.toThrow(DataDirInUseError);
    await expect(openPglite(dbDir)).rejects.toThrow(
      `O diretório de dados ${join(root, 'dados')} já está em uso por outro processo do Ponte.`,
    );
    await first.ping();
    await first.close();

    const second = await openPglite(dbDir);
    await second.ping();
    await second.close();
  });

  it('takes over a lock left by a process that died', async () => {
    const dbDir = join(root, 'abandonado', 'db');
    mkdirSync(`${dbDir}.lock`, { recursive: true });
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${dbDir}.lock`, old, old);
    const release = await lockDataDir(dbDir);
    await release();
  });
});
