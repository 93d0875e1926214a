import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { retentionRunListSchema } from '@ponte/shared/lgpd/retention.schema';
import { singleProcess } from '../../cluster/cluster';
import { executionData, executions, flows, logs } from '../../db/schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createEmbeddedMessageDriver } from '../queues/drivers/embedded-message-driver';
import { testStorage } from '../../test/test-storage';
import { createRetentionLeases } from './retention-lease';
import { createRetentionPass } from './retention-pass';
import { createRetentionRepository } from './retention.repository';

const dayMs = 24 * 60 * 60 * 1000;
const ages = [2, 10, 40, 70];

describeEachDriver(
  'retention of logs and execution data, per flow and by the instance',
  (driver) => {
    // An API process: the app runs no retention of its own (the work role's pass at its start
    // once ran beside the seeding on a loaded machine and took part of the work); the test
    // runs every pass itself.
    const t = useTestApp(driver, { cluster: { ...singleProcess(), role: 'api' } });
    const db = () => t.database.db;
    const ago = (days: number) => new Date(t.clock.now().getTime() - days * dayMs);

    async function addFlow(account: TestAccount, name: string, retentionDays?: number) {
      const id = randomUUID();
      await db()
        .insert(flows)
        .values({
          id,
          workspaceId: account.workspaceId,
          name,
          triggers: [],
          variables: [],
          data: { version: 1, nodes: [], edges: [] },
          config: { rate_limit: 0, ...(retentionDays ? { retention_days: retentionDays } : {}) },
        });
      return id;
    }

    /** An ended execution of each age, with its log line, node data and trigger message. */
    async function seed(account: TestAccount, flowId: string) {
      for (const age of ages) {
        const id = randomUUID();
        const at = ago(age);
        await db()
          .insert(executions)
          .values({
            id,
            workspaceId: account.workspaceId,
            flowId,
            triggerType: 'manual',
            triggerNodeUid: 'n0',
            status: 'success',
            queuedAt: at,
            startedAt: at,
            endedAt: at,
            triggerMsg: { payload: { email: 'titular@exemplo.com.br', idade: age } },
            dataKept: true,
          });
        await db()
          .insert(executionData)
          .values({
            executionId: id,
            workspaceId: account.workspaceId,
            flowId,
            summaries: [],
            runs: JSON.stringify({ n0: [{ msg: { cpf: '123.456.789-09', age } }] }),
            bytes: 40,
            createdAt: at,
          });
        await db()
          .insert(logs)
          .values({
            workspaceId: account.workspaceId,
            flowId,
            executionId: id,
            type: 'user',
            label: 'Pedido',
            message: `${age} dias`,
            createdAt: at,
          });
      }
    }

    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      (await db().execute(query)) as unknown as { rows: T[] };

    const logAges = async (flowId: string) =>
      (
        await rowsOf<{ message: string }>(
          sql`select message from logs where flow_id = ${flowId} order by created_at desc`,
        )
      ).rows.map((row) => Number.parseInt(row.message, 10));

    const dataAges = async (flowId: string) =>
      (
        await rowsOf<{
          days: number;
        }>(sql`select round(extract(epoch from (${t.clock.now().toISOString()}::timestamptz - created_at)) / 86400)::int as days
        from execution_data where flow_id = ${flowId} order by created_at desc`)
      ).rows.map((row) => Number(row.days));

    /** Bytes the rows older than `days` take now, measured apart from the pass. */
    const bytesOf = async (table: 'logs' | 'execution_data', flowId: string, days: number) => {
      const { rows } = await rowsOf<{ bytes: string }>(
        sql`select coalesce(sum(pg_column_size(x.*)), 0)::bigint as bytes from ${sql.raw(table)} x
        where x.flow_id = ${flowId} and x.created_at <= ${ago(days).toISOString()}::timestamptz`,
      );
      return Number(rows[0]!.bytes);
    };

    function pass() {
      return createRetentionPass({
        db: db(),
        now: t.clock.now,
        messageDriver: createEmbeddedMessageDriver(db()),
        storage: testStorage(),
        repository: createRetentionRepository(db()),
        leases: createRetentionLeases(db()),
        instanceDays: 30,
        onError: (error) => {
          throw error;
        },
      });
    }

    it('keeps each flow its own days, the others the instance days, and records what went with its bytes', async () => {
      // No pass of the app's own has claimed the hour: every pass below is the test's.
      expect((await rowsOf(sql`select * from retention_leases`)).rows).toEqual([]);
      const first = await t.createAccount();
      const second = await t.createAccount({ workspaceName: 'Outro' });
      const plain = await addFlow(first, 'Cadastro');
      const short = await addFlow(first, 'Leads', 5);
      const long = await addFlow(first, 'Contratos', 60);
      const other = await addFlow(second, 'Cadastro do outro');
      for (const [account, flow] of [
        [first, plain],
        [first, short],
        [first, long],
        [second, other],
      ] as const)
        await seed(account, flow);
      const expectedLogBytes = {
        instance: await bytesOf('logs', plain, 30),
        short: await bytesOf('logs', short, 5),
        long: await bytesOf('logs', long, 60),
        other: await bytesOf('logs', other, 30),
      };
      const nodeDataBytes = await bytesOf('execution_data', short, 5);
      await db().execute(sql`delete from retention_leases`);

      const removed = await pass().runOnce();

      expect(await logAges(plain)).toEqual([2, 10]);
      expect(await logAges(short)).toEqual([2]);
      expect(await logAges(long)).toEqual([2, 10, 40]);
      expect(await logAges(other)).toEqual([2, 10]);
      expect(await dataAges(plain)).toEqual([2, 10]);
      expect(await dataAges(short)).toEqual([2]);
      expect(await dataAges(long)).toEqual([2, 10, 40]);
      // The executions stay in the history; the trigger messages past the days are gone.
      const { rows: kept } = await rowsOf<{ flow_id: string; total: number; messages: number }>(
        sql`select flow_id, count(*)::int as total, count(trigger_msg)::int as messages
        from executions where flow_id in (${short}, ${long}) group by flow_id`,
      );
      expect(
        Object.fromEntries(kept.map((row) => [row.flow_id, [row.total, row.messages]])),
      ).toEqual({ [short]: [4, 1], [long]: [4, 3] });
      expect(removed).toBeGreaterThan(0);

      const runsOf = async (account: TestAccount) =>
        retentionRunListSchema.parse(
          (await t.request(account.token).get('/api/v1/lgpd/retention/runs?limit=100')).json(),
        ).items;
      const runs = await runsOf(first);
      const logRuns = runs.filter((run) => run.area === 'logs');
      expect(
        logRuns.map((run) => [run.source, run.target_name, run.days, run.removed]).sort(),
      ).toEqual([
        ['flow', 'Contratos', 60, 1],
        ['flow', 'Leads', 5, 3],
        ['instance', '', 30, 2],
      ]);
      const bytesBy = (source: string, name: string) =>
        logRuns.find((run) => run.source === source && run.target_name === name)!.bytes;
      expect(bytesBy('instance', '')).toBe(expectedLogBytes.instance);
      expect(bytesBy('flow', 'Leads')).toBe(expectedLogBytes.short);
      expect(bytesBy('flow', 'Contratos')).toBe(expectedLogBytes.long);
      const leadsData = runs.find(
        (run) => run.area === 'execution_data' && run.target_name === 'Leads',
      )!;
      // Node data rows and trigger messages of the 3 executions past 5 days.
      expect(leadsData.removed).toBe(6);
      expect(leadsData.bytes).toBeGreaterThan(nodeDataBytes);

      // The other workspace's pass is its own, and only it sees it.
      const others = await runsOf(second);
      expect(others.filter((run) => run.area === 'logs')).toEqual([
        expect.objectContaining({ source: 'instance', removed: 2, bytes: expectedLogBytes.other }),
      ]);

      // Nothing is past the days any more: a second pass removes and records nothing.
      await db().execute(sql`delete from retention_leases`);
      expect(await pass().runOnce()).toBe(0);
      expect(await runsOf(first)).toHaveLength(runs.length);
    });

    it('runs the hourly pass on one process at a time', async () => {
      const account = await t.createAccount();
      const flow = await addFlow(account, 'Pedidos');
      await seed(account, flow);
      await db().execute(sql`delete from retention_leases`);
      const [a, b] = await Promise.all([pass().runOnce(), pass().runOnce()]);
      expect([a, b].sort()).toEqual([0, 6]);
    });
  },
);
