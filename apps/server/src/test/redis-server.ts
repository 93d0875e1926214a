import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { until } from './until';

/** Whether the redis-server program is installed (tests that need their own Redis skip else). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A port free on this machine right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Polls for at most a minute (a loaded machine starts redis-server slowly). */
async function patiently<T>(check: () => Promise<T>, what: string): Promise<void> {
  for (let turn = 0; turn < 6; turn++) {
    try {
      await until(check, what);
      return;
    } catch {
      // Ten more seconds.
    }
  }
  throw new Error(`Esperou demais por: ${what}`);
}

/**
 * A redis-server of the test's own, on a free port, nothing saved: a test may stop it, hang it,
 * flush it and make it refuse writes, which the shared Redis must never see.
 */
export async function startRedisServer() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ponte-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const admin = new Redis(url, { lazyConnect: true, retryStrategy: () => 50 });
  admin.on('error', () => undefined);

  const answers = async () => (await admin.ping().catch(() => null)) === 'PONG';
  async function launch() {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'].concat([
        '--enable-protected-configs',
        'yes',
        '--dir',
        dir,
      ]),
      { stdio: 'ignore' },
    );
    await patiently(answers, 'o Redis de teste subir');
  }
  await launch();

  const server = {
    url,
    port,
    /** kill -9: connections drop, every key is gone. */
    async kill() {
      const dying = child;
      child = null;
      if (!dying || dying.exitCode !== null) return;
      const exited = new Promise((resolve) => dying.once('exit', resolve));
      dying.kill('SIGCONT');
      dying.kill('SIGKILL');
      await exited;
    },
    /** A new, empty Redis on the same port (a restart without persistence). */
    async restart() {
      await server.kill();
      await launch();
    },
    /** Back to a Redis that answers and accepts writes, whatever a test left (even a failure). */
    async recover() {
      if (!child || child.exitCode !== null) return launch();
      child.kill('SIGCONT');
      await patiently(answers, 'o Redis de teste responder');
      await server.acceptWrites();
    },
    /** SIGSTOP: connections stay open, nothing answers. */
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    flushAll: async () => void (await admin.flushall()),
    /**
     * Writes refused as Redis refuses them for real: MISCONF (a snapshot that failed to be
     * written, with stop-writes-on-bgsave-error) or NOREPLICAS (min-replicas-to-write 1).
     */
    async refuseWrites(how: 'misconf' | 'noreplicas') {
      if (how === 'noreplicas') {
        await admin.config('SET', 'min-replicas-to-write', '1');
        return;
      }
      const gone = join(dir, 'sumiu');
      mkdirSync(gone);
      await admin.config('SET', 'dir', gone);
      rmSync(gone, { recursive: true });
      await admin.config('SET', 'save', '3600 1', 'stop-writes-on-bgsave-error', 'yes');
      await admin.bgsave();
      await patiently(
        async () => (await admin.info('persistence')).includes('rdb_last_bgsave_status:err'),
        'o snapshot do Redis falhar',
      );
    },
    async acceptWrites() {
      await admin.config('SET', 'min-replicas-to-write', '0', 'dir', dir);
      await admin.config('SET', 'stop-writes-on-bgsave-error', 'no', 'save', '');
    },
    async close() {
      admin.disconnect();
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

export type TestRedisServer = Awaited<ReturnType<typeof startRedisServer>>;
