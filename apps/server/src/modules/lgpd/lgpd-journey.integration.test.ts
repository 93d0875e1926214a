import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import { retentionRunListSchema } from '@ponte/shared/lgpd/retention.schema';
import {
  titularEraseResultSchema,
  titularSearchResultSchema,
  type TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import { queueSchema } from '@ponte/shared/queues.schema';
import { dbRecords, executionData, executions, logs } from '../../db/schema';
import { createLocalStorageDriver } from '../storage/local-driver';
import { field } from '../../test/db-table-fixtures';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createEmbeddedMessageDriver } from '../queues/drivers/embedded-message-driver';
import { createRetentionLeases } from '../retention/retention-lease';
import { createRetentionPass } from '../retention/retention-pass';
import { createRetentionRepository } from '../retention/retention.repository';
import { describeEachDriver } from '../../test/test-database';
import { testStorage } from '../../test/test-storage';
import { until } from '../../test/until';

/** A titular as a form sends it, and the forms of the CPF a search must find. */
const cpf = '529.982.247-25';
const digits = '52998224725';
const maskedCpf = '***.982.247-**';

/**
 * Manual Trigger (cpf) → the client kept in msg.cliente → a Log line → the CPF written to a
 * table, published to a queue and written to a Storage file: one run leaves the titular in every
 * place an automation copies data to.
 */
const spreader = (tableId: string, queueId: string) =>
  chain(
    {
      type: 'core_manual_trigger',
      params: { fields: [{ name: 'cpf', label: 'CPF', type: 'text', required: true }] },
    },
    { type: 'core_set', params: { values: [{ path: 'cliente', value: '{{ msg.payload }}' }] } },
    { type: 'core_log', params: { label: 'Cadastro', message: '{{ "CPF " & msg.cliente.cpf }}' } },
    {
      type: 'core_db_insert',
      params: { table: tableId, fields: [{ field: 'cpf', value: '{{ msg.cliente.cpf }}' }] },
    },
    { type: 'core_queue_publish', params: { queue: queueId, message: '{{ msg.cliente }}' } },
    {
      type: 'core_storage_write',
      params: {
        path: '/clientes/ficha.txt',
        source: 'text',
        content: '{{ "Ficha do cliente, CPF " & msg.cliente.cpf }}',
      },
    },
  );

const foundIn = (result: TitularSearchResult) =>
  Object.fromEntries(
    result.places.filter((place) => place.found).map((place) => [place.place, place.found]),
  );
const maskedIn = (result: TitularSearchResult) =>
  Object.fromEntries(
    result.places.filter((place) => place.masked).map((place) => [place.place, place.masked]),
  );

/** Every text stored of the flow's executions (log lines, node data, trigger message, error). */
async function storedTextOf(t: TestContext, flowId: string) {
  const db = t.database.db;
  const lines = await db
    .select({ text: sql<string>`${logs.label} || ' ' || ${logs.message}` })
    .from(logs)
    .where(eq(logs.flowId, flowId));
  const data = await db
    .select({ runs: executionData.runs })
    .from(executionData)
    .where(eq(executionData.flowId, flowId));
  const rows = await db
    .select({ trigger: sql<string>`coalesce(${executions.triggerMsg}::text, '')` })
    .from(executions)
    .where(eq(executions.flowId, flowId));
  return [...lines.map((l) => l.text), ...data.map((d) => d.runs), ...rows.map((r) => r.trigger)];
}

describeEachDriver(
  'LGPD from end to end: masked where it rests, found, erased, retained',
  (driver) => {
    const root = join(tmpdir(), `ponte-lgpd-${randomUUID()}`);
    const t = useTestApp(driver, {
      storage: { driver: createLocalStorageDriver(root) },
      queues: { sampleDepth: false },
    });
    const storage = testStorage(root);

    async function setUp(account: TestAccount) {
      const api = t.request(account.token);
      const table = await api.post('/api/v1/db/tables', {
        name: 'Clientes',
        fields: [field('cpf')],
      });
      expect(table.statusCode, table.body).toBe(201);
      const tableId = tableSchema.parse(table.json())._id;
      const queue = queueSchema.parse(
        (await api.post('/api/v1/queues', { name: 'Cadastros', max_per_second: 0 })).json(),
      );
      // Paused: the published message stays waiting, as one no flow has consumed yet.
      await api.post(`/api/v1/queues/control/pause/${queue._id}`);
      const flowId = await createFlow(t, account, spreader(tableId, queue._id));
      const options = await api.put(`/api/v1/flows/${flowId}`, {
        config: { rate_limit: 0, lgpd: { mask: 'on' } },
      });
      expect(options.statusCode, options.body).toBe(200);
      return { tableId, queueId: queue._id, flowId };
    }

    async function run(account: TestAccount, flowId: string, count: number) {
      const res = await t
        .request(account.token)
        .post(`/engine/flow/manual-trigger/${flowId}`, { cpf });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await finished(t, flowId, count);
      for (const row of rows) expect(row.status, JSON.stringify(row.error)).toBe('success');
      await until(async () => {
        const [line] = await t.database.db
          .select({ count: sql<number>`count(*)` })
          .from(logs)
          .where(sql`${logs.flowId} = ${flowId} and ${logs.label} = 'Execução finalizada'`);
        return Number(line?.count) === count;
      }, 'as linhas das execuções');
    }

    it('a masked flow spreads the real CPF only where it writes; the titular is found, erased and the rest retained', async () => {
      const account = await t.createAccount();
      const api = t.request(account.token);
      const { tableId, queueId, flowId } = await setUp(account);
      await run(account, flowId, 1);

      // Stored of the execution: only the masked form. Where the flow wrote: the real CPF.
      const stored = await storedTextOf(t, flowId);
      expect(stored.join('\n')).toContain(`CPF ${maskedCpf}`);
      for (const text of stored) {
        expect(text).not.toContain(cpf);
        expect(text).not.toContain(digits);
      }
      const records = await t.database.db
        .select({ data: dbRecords.data })
        .from(dbRecords)
        .where(eq(dbRecords.tableId, tableId));
      expect(records.map((record) => record.data)).toEqual([expect.objectContaining({ cpf })]);
      const jobs = (await api.get(`/api/v1/queues/jobs/${queueId}`)).json() as {
        items: { message: unknown }[];
      };
      expect(jobs.items.map((job) => job.message)).toEqual([{ cpf }]);
      const file = await storage.readBytes(account.workspaceId, '/clientes/ficha.txt', 10_000);
      expect(Buffer.from(file.content).toString('utf8')).toBe(`Ficha do cliente, CPF ${cpf}`);

      // The DPO searches the CPF as the titular typed it, without punctuation.
      const search = await api.post('/api/v1/lgpd/titulars/search', { query: digits });
      expect(search.statusCode, search.body).toBe(200);
      const found = titularSearchResultSchema.parse(search.json());
      expect(found.value_masked).toBe(maskedCpf);
      expect(foundIn(found)).toMatchObject({ records: 1, queues: 1, storage: 1 });
      // The execution's traces are there, as masked traces (they may be another person's).
      expect(found.places.find((place) => place.place === 'logs')!.masked).toBeGreaterThan(0);
      expect(maskedIn(found)).not.toHaveProperty('records');

      const erased = await api.post('/api/v1/lgpd/titulars/erase', {
        query: digits,
        confirm: Object.fromEntries(found.places.map((place) => [place.place, place.found])),
      });
      expect(erased.statusCode, erased.body).toBe(200);
      const erasure = titularEraseResultSchema.parse(erased.json());
      expect(erasure.total_after).toBe(0);
      const again = titularSearchResultSchema.parse(
        (await api.post('/api/v1/lgpd/titulars/search', { query: cpf })).json(),
      );
      expect(again.total).toBe(0);
      // The file that held the CPF keeps its path, the CPF scrubbed from it.
      const scrubbed = await storage.readBytes(account.workspaceId, '/clientes/ficha.txt', 10_000);
      expect(Buffer.from(scrubbed.content).toString('utf8')).toBe(
        'Ficha do cliente, CPF [removido]',
      );

      // Later runs are kept no longer than the flow's days and the table's rule: the hourly
      // pass removes them, and says how much went.
      await run(account, flowId, 2);
      const options = await api.put(`/api/v1/flows/${flowId}`, {
        config: { rate_limit: 0, lgpd: { mask: 'on' }, retention_days: 7 },
      });
      expect(options.statusCode, options.body).toBe(200);
      const rule = await api.post('/api/v1/lgpd/retention/rules', {
        area: 'table',
        target: tableId,
        date_field: null,
        days: 30,
      });
      expect(rule.statusCode, rule.body).toBe(201);
      const db = t.database.db;
      await db.execute(
        sql`update db_records set created_at = now() - interval '31 days' where table_id = ${tableId}`,
      );
      await db.execute(
        sql`update logs set created_at = now() - interval '8 days' where flow_id = ${flowId}`,
      );
      await db.execute(
        sql`update execution_data set created_at = now() - interval '8 days' where flow_id = ${flowId}`,
      );
      const [before] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(logs)
        .where(eq(logs.flowId, flowId));
      expect(before!.count).toBeGreaterThan(0);
      // The app's own pass ran at start and holds the hour: this one is the next hour's.
      await db.execute(sql`delete from retention_leases`);
      const removed = await createRetentionPass({
        db,
        now: t.clock.now,
        messageDriver: createEmbeddedMessageDriver(db),
        storage,
        repository: createRetentionRepository(db),
        leases: createRetentionLeases(db),
        instanceDays: 30,
        onError: (error) => {
          throw error;
        },
      }).runOnce();
      expect(removed).toBeGreaterThan(before!.count);

      expect(await db.select().from(logs).where(eq(logs.flowId, flowId))).toEqual([]);
      expect(await db.select().from(dbRecords).where(eq(dbRecords.tableId, tableId))).toEqual([]);
      const runs = retentionRunListSchema.parse(
        (await api.get('/api/v1/lgpd/retention/runs')).json(),
      );
      expect(
        runs.items.map((item) => [item.area, item.source, item.target_name, item.removed]).sort(),
      ).toEqual([
        ['execution_data', 'flow', 'Flow de teste', expect.any(Number)],
        ['logs', 'flow', 'Flow de teste', before!.count],
        ['table', 'rule', 'Clientes', 1],
      ]);
      for (const item of runs.items) expect(item.bytes).toBeGreaterThan(0);
    });
  },
);
