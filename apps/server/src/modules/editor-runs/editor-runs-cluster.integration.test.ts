import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessRole } from '../../cluster/cluster.config';
import { createRedisBus } from '../../cluster/redis-bus';
import { createFlow, executionsOf } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import {
  createSharedTestDatabase,
  postgresTestUrl,
  type SharedTestDatabase,
} from '../../test/test-database';
import { linesOf, webhookFlow } from './editor-run.fixtures';

const redisUrl = process.env.PONTE_TEST_REDIS_URL?.trim() || null;
if (!redisUrl || !postgresTestUrl) {
  console.warn(
    'Execuções do editor entre processos: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

/**
 * An API process takes the editor's run and a worker runs it, on BullMQ (docs/adr/0064): the
 * job carries the editor's document, which the worker never read from the database.
 */
describe.skipIf(!redisUrl || !postgresTestUrl)('editor runs across processes', () => {
  const prefix = `ponte-test-${randomUUID()}`;
  let shared: SharedTestDatabase | null = null;
  beforeAll(async () => {
    shared = await createSharedTestDatabase('postgres');
  });
  afterAll(async () => {
    await shared?.dispose();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const instance = (role: ProcessRole) =>
    useTestApp('postgres', {
      openDatabase: () => shared!.open(),
      cluster: {
        role,
        bus: createRedisBus({ url: redisUrl!, prefix }),
        leaseMs: 30_000,
        redis: { url: redisUrl!, prefix },
      },
    });
  const api = instance('api');
  instance('worker');

  it("runs the editor's unsaved document in a worker, up to the chosen node", async () => {
    const account = await api.createAccount();
    const flowId = await createFlow(api, account, webhookFlow('v1'));
    const res = await api.request(account.token).post(`/engine/flow/editor-run/${flowId}`, {
      document: webhookFlow('v2'),
      destination: 'codigo',
      trigger: { node_uid: 'gancho', msg: { payload: { nome: 'Ana' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { execution_id } = res.json() as { execution_id: string };
    const lines = await linesOf(api, execution_id);
    expect(lines.user).toEqual(['código v2: Ana']);
    expect(lines.finished).toEqual(['gancho', 'codigo']);
    const [row] = await executionsOf(api, flowId);
    expect(row).toMatchObject({ id: execution_id, status: 'success' });
  });
});
