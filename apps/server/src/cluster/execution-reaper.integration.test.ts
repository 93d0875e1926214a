import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { executions, flows, ponteProcesses } from '../db/schema';
import { createExecutionsRepository } from '../modules/executions/executions.repository';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { openPostgres } from '../db/client';
import { startTcpProxy } from '../test/tcp-proxy';
import {
  createSharedTestDatabase,
  createTestDatabase,
  describeEachDriver,
} from '../test/test-database';
import { createLocalBus } from './cluster-bus';
import { createExecutionReaper, executionsCrashedChannel, sweepExpired } from './execution-reaper';
import { createProcessRegistry } from './process-registry';

const crashed = { message: 'A execução foi interrompida: o processo do Ponte parou.' };

describeEachDriver('process leases and the reaper', (driver) => {
  let database: DatabaseHandle;
  let workspaceId: string;
  let flowId: string;
  beforeEach(async () => {
    database = await createTestDatabase(driver);
    ({ workspaceId } = await database.db.transaction((tx) =>
      createAuthRepository(tx).createOwnerAccount(
        {
          customerName: 'Cliente',
          workspaceName: 'Workspace',
          userName: 'Pessoa',
          email: 'pessoa@exemplo.com.br',
          passwordHash: 'x',
        },
        new Date(),
      ),
    ));
    flowId = randomUUID();
    await database.db.insert(flows).values({
      id: flowId,
      workspaceId,
      name: 'Flow',
      enabled: true,
      triggers: [],
      variables: [],
      data: { version: 1, nodes: [], edges: [] },
      config: { rate_limit: 0 },
    });
  });
  afterEach(async () => {
    await database.close();
  });

  /** A running execution owned by `ownerId` (null: written before owners existed). */
  async function running(ownerId: string | null): Promise<string> {
    const id = randomUUID();
    await database.db.insert(executions).values({
      id,
      workspaceId,
      flowId,
      triggerType: 'test_trigger',
      triggerNodeUid: 'n0',
      status: 'running',
      queuedAt: new Date(),
      startedAt: new Date(),
      ownerId,
    });
    return id;
  }

  /** A process row whose lease ended a minute ago by the database's clock. */
  async function expiredProcess(): Promise<string> {
    const id = randomUUID();
    await database.db.insert(ponteProcesses).values({
      id,
      role: 'worker',
      host: 'outra-maquina',
      pid: 1,
      startedAt: sql`now() - interval '1 hour'` as unknown as Date,
      leaseUntil: sql`now() - interval '1 minute'` as unknown as Date,
    });
    return id;
  }

  const statusOf = async (id: string) =>
    (await createExecutionsRepository(database.db).find(id))?.status;

  it('writes the lease by the database clock, renews it, and removes it on close', async () => {
    const registry = createProcessRegistry({
      db: database.db,
      processId: 'p-1',
      role: 'worker',
      leaseMs: 30_000,
    });
    await registry.start();
    const [row] = await database.db
      .select({
        role: ponteProcesses.role,
        pid: ponteProcesses.pid,
        ahead: sql<number>`extract(epoch from lease_until - now())`,
      })
      .from(ponteProcesses);
    expect(row).toMatchObject({ role: 'worker', pid: process.pid });
    expect(Number(row!.ahead)).toBeGreaterThan(20);
    await registry.close();
    expect(await database.db.select().from(ponteProcesses)).toEqual([]);
  });

  it('a process taken for dead writes its row again and says so; its executions stay crashed', async () => {
    const revived: string[] = [];
    const registry = createProcessRegistry({
      db: database.db,
      processId: 'p-lento',
      role: 'worker',
      leaseMs: 30_000,
      onRevived: () => revived.push('p-lento'),
    });
    await registry.start();
    const lost = await running('p-lento');
    await database.db.execute(
      sql`update ponte_processes set lease_until = now() - interval '1 second'`,
    );
    expect((await sweepExpired(database.db)).map((row) => row.id)).toEqual([lost]);
    await registry.beat();
    expect(revived).toEqual(['p-lento']);
    expect((await database.db.select().from(ponteProcesses)).map((row) => row.id)).toEqual([
      'p-lento',
    ]);
    expect(await statusOf(lost)).toBe('crashed');
    await registry.close();
  });

  it('after its own heartbeat failed, a process gives the others a whole lease before judging them', async () => {
    const shared = await createSharedTestDatabase(driver);
    const direct = new URL(shared.location);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
    const through = new URL(shared.location);
    through.host = `127.0.0.1:${proxy.port}`;
    const handle = await openPostgres(through.toString());
    try {
      const registry = createProcessRegistry({
        db: handle.db,
        processId: 'p-isolado',
        role: 'worker',
        leaseMs: 30_000,
      });
      await registry.start();
      expect(registry.mayJudgeOthers()).toBe(true);
      proxy.cut();
      await expect(registry.beat()).rejects.toThrow();
      expect(registry.mayJudgeOthers()).toBe(false);
      proxy.restore();
      await registry.beat();
      expect(registry.mayJudgeOthers()).toBe(false);
      await registry.close();
    } finally {
      await handle.close();
      await proxy.close();
      await shared.dispose();
    }
  });

  it('crashes only what dead or unknown owners left, once however many reapers sweep', async () => {
    const alive = createProcessRegistry({
      db: database.db,
      processId: 'vivo',
      role: 'worker',
      leaseMs: 30_000,
    });
    await alive.start();
    const dead = await expiredProcess();
    const kept = await running('vivo');
    const ofDead = await running(dead);
    const ofNobody = await running('sumiu');
    const legacy = await running(null);

    const sweeps = await Promise.all([1, 2, 3, 4].map(() => sweepExpired(database.db)));
    const ids = sweeps.flat().map((row) => row.id);
    expect(ids.sort()).toEqual([ofDead, ofNobody, legacy].sort());
    for (const id of [ofDead, ofNobody, legacy]) {
      const row = await createExecutionsRepository(database.db).find(id);
      expect(row).toMatchObject({ status: 'crashed', error: crashed });
      expect(row!.endedAt).not.toBeNull();
    }
    expect(await statusOf(kept)).toBe('running');
    const left = await database.db.select({ id: ponteProcesses.id }).from(ponteProcesses);
    expect(left.map((row) => row.id)).toEqual(['vivo']);
    await alive.close();
  });

  it('announces what it crashed on the bus, at start and on its sweeps', async () => {
    const bus = createLocalBus();
    const heard: string[][] = [];
    bus.subscribe(executionsCrashedChannel, (message) => {
      heard.push((message as { ids: string[] }).ids);
    });
    const first = await running(await expiredProcess());
    const reaper = createExecutionReaper({ db: database.db, bus, leaseMs: 30_000 });
    expect((await reaper.start()).map((row) => row.id)).toEqual([first]);
    const second = await running('sumiu');
    await reaper.sweep();
    await reaper.close();
    expect(heard).toEqual([[first], [second]]);
  });

  it('never overwrites a crashed execution with a late end, and tells which ends it refused', async () => {
    const repository = createExecutionsRepository(database.db);
    const alive = createProcessRegistry({
      db: database.db,
      processId: 'vivo',
      role: 'worker',
      leaseMs: 30_000,
    });
    await alive.start();
    const lost = await running('sumiu');
    const fine = await running('vivo');
    await sweepExpired(database.db);
    const end = {
      status: 'success' as const,
      endedAt: new Date(),
      durationMs: 5,
      steps: 2,
      error: null,
    };
    const refused = await repository.finishAll([
      { id: lost, values: end },
      { id: fine, values: end },
    ]);
    expect(refused).toEqual([lost]);
    expect(await repository.find(lost)).toMatchObject({ status: 'crashed', error: crashed });
    expect(await repository.find(fine)).toMatchObject({ status: 'success', steps: 2 });
    await alive.close();
  });
});
