import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tableSchema } from '@ponte/shared/db-tables.schema';
import type { FlowLgpd } from '@ponte/shared/lgpd/lgpd.schema';
import { maskedRerunRefusal } from '@ponte/shared/lgpd/masked-executions';
import { dbRecords, executionData, executions, logs } from '../../db/schema';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { field } from '../../test/db-table-fixtures';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

/** Once the execution's last line ('Execução finalizada') is in the table, all of them are. */
const linesStored = (t: TestContext, executionId: string) =>
  until(async () => {
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)` })
      .from(logs)
      .where(sql`${logs.executionId} = ${executionId} and ${logs.label} = 'Execução finalizada'`);
    return Number(row?.count) > 0;
  }, `as linhas da execução ${executionId}`);

/** A titular's data as a form would send it, and how each is stored masked. */
const titular = {
  cpf: '529.982.247-25',
  email: 'maria.silva@exemplo.com.br',
  telefone: '(11) 98765-4321',
  nome: 'Maria da Silva',
};
const masked = { cpf: '***.982.247-**', email: 'm***@exemplo.com.br', telefone: '(11) *****-4321' };
/** Any of these in a stored row is the real value. */
const realTraces = [
  titular.cpf,
  '52998224725',
  titular.email,
  '98765-4321',
  '987654321',
  titular.nome,
];

/**
 * Manual Trigger (CPF, e-mail, phone, name) → a Log line with the three → the CPF written to a
 * table → a Código that fails naming the e-mail: every place an execution stores text.
 */
const titularFlow = (table: string) =>
  chain(
    {
      type: 'core_manual_trigger',
      uid: 'gatilho',
      params: {
        fields: ['cpf', 'email', 'telefone', 'nome'].map((name) => ({
          name,
          label: name,
          type: 'text',
          required: true,
        })),
      },
    },
    {
      type: 'core_log',
      uid: 'log',
      params: {
        label: '{{ "Cliente " & msg.payload.cpf }}',
        message:
          '{{ "CPF " & msg.payload.cpf & ", e-mail " & msg.payload.email & ", telefone " & msg.payload.telefone }}',
      },
    },
    {
      type: 'core_db_insert',
      uid: 'gravar',
      params: { table, fields: [{ field: 'cpf', value: '{{ msg.payload.cpf }}' }] },
    },
    {
      type: 'core_code',
      uid: 'recusar',
      params: { code: "throw new Error('Cliente recusado: ' + msg.payload.data.cpf);" },
    },
  );

/** Everything stored of the execution, as text, read with SQL. */
async function storedOf(t: TestContext, executionId: string) {
  const db = t.database.db;
  const lines = await db
    .select({ label: logs.label, message: logs.message })
    .from(logs)
    .where(eq(logs.executionId, executionId));
  const [data] = await db
    .select({ runs: executionData.runs, summaries: sql<string>`${executionData.summaries}::text` })
    .from(executionData)
    .where(eq(executionData.executionId, executionId));
  const [row] = await db
    .select({
      trigger: sql<string>`${executions.triggerMsg}::text`,
      error: sql<string>`${executions.error}::text`,
      masked: executions.personalDataMasked,
    })
    .from(executions)
    .where(eq(executions.id, executionId));
  return {
    logs: lines.map((line) => `${line.label} | ${line.message}`).join('\n'),
    runs: data?.runs ?? '',
    summaries: data?.summaries ?? '',
    trigger: row?.trigger ?? '',
    error: row?.error ?? '',
    masked: row?.masked,
  };
}

describeEachDriver('personal data masked where it rests', (driver) => {
  const t = useTestApp(driver);

  async function tableAndFlow(account: TestAccount, lgpd?: Partial<FlowLgpd>) {
    const api = t.request(account.token);
    const created = await api.post('/api/v1/db/tables', {
      name: `Clientes ${Math.random().toString(36).slice(2, 8)}`,
      fields: [field('cpf')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const table = tableSchema.parse(created.json());
    const flow = await api.post('/api/v1/flows', {
      name: 'Cadastro de clientes',
      enabled: true,
      data: titularFlow(table._id),
      config: { rate_limit: 0, ...(lgpd ? { lgpd } : {}) },
    });
    expect(flow.statusCode, flow.body).toBe(201);
    return { tableId: table._id, flowId: (flow.json() as { _id: string })._id };
  }

  async function run(account: TestAccount, flowId: string) {
    const res = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {
      ...titular,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await finished(t, flowId);
    expect(row!.status).toBe('error');
    await linesStored(t, row!.id);
    return row!.id;
  }

  const recordsOf = (tableId: string) =>
    t.database.db
      .select({ data: dbRecords.data })
      .from(dbRecords)
      .where(eq(dbRecords.tableId, tableId));

  it('a flow with masking on stores the masked values, while its table gets the real CPF', async () => {
    const account = await t.createAccount();
    const { tableId, flowId } = await tableAndFlow(account, { mask: 'on', mask_paths: ['nome'] });
    const executionId = await run(account, flowId);

    const stored = await storedOf(t, executionId);
    expect(stored.masked).toBe(true);
    for (const [place, text] of Object.entries(stored)) {
      if (typeof text !== 'string') continue;
      for (const real of realTraces) expect(text, `${place}: ${real}`).not.toContain(real);
    }
    expect(stored.logs).toContain(
      `Cliente ${masked.cpf} | CPF ${masked.cpf}, e-mail ${masked.email}, telefone ${masked.telefone}`,
    );
    expect(stored.logs).toContain(`Cliente recusado: ${masked.cpf}`);
    expect(stored.error).toContain(`Cliente recusado: ${masked.cpf}`);
    expect(stored.summaries).toContain(`Cliente recusado: ${masked.cpf}`);
    // The named field is stored whole as ***, wherever it goes.
    expect(JSON.parse(stored.trigger)).toEqual({
      payload: { ...masked, nome: '***' },
    });
    const runs = JSON.parse(stored.runs) as Record<string, { input: unknown }[]>;
    expect(runs.log![0]!.input).toEqual({ payload: { ...masked, nome: '***' } });

    // The flow ran on the real values: the table holds the real CPF.
    const records = await recordsOf(tableId);
    expect(records.map((record) => record.data)).toEqual([
      expect.objectContaining({ cpf: titular.cpf }),
    ]);

    // Re-running it would run on the masked values: refused.
    const rerun = await t
      .request(account.token)
      .post(`/api/v1/monitoring/executions/${executionId}/rerun`, { version: 'current' });
    expect(rerun.statusCode).toBe(409);
    expect(rerun.json()).toMatchObject({
      code: 'personal_data_masked',
      message: maskedRerunRefusal,
    });
    const inDebug = await t
      .request(account.token)
      .post(`/engine/flow/debugger/rerun/${executionId}`);
    expect(inDebug.statusCode).toBe(409);
    expect(inDebug.json()).toMatchObject({ message: maskedRerunRefusal });
    const data = await t
      .request(account.token)
      .get(`/api/v1/monitoring/executions/${executionId}/data`);
    expect(data.json()).toMatchObject({ execution: { personal_data_masked: true } });
  });

  it("an error flow receives a masked flow's error masked, though it does not mask", async () => {
    const account = await t.createAccount();
    const { flowId } = await tableAndFlow(account, { mask: 'on' });
    const errorFlowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_error_trigger' },
        {
          type: 'core_log',
          params: { label: 'Falhou', message: '{{ msg.payload.error.message }}' },
        },
      ),
    );
    await run(account, flowId);
    const [handled] = await finished(t, errorFlowId);
    await linesStored(t, handled!.id);
    const stored = await storedOf(t, handled!.id);
    expect(stored.masked).toBe(false);
    expect(stored.trigger).toContain(`Cliente recusado: ${masked.cpf}`);
    expect(stored.logs).toContain(`Falhou | Erro no código: Cliente recusado: ${masked.cpf}`);
    for (const text of [stored.trigger, stored.logs, stored.runs]) {
      expect(text).not.toContain(titular.cpf);
    }
  });

  it('a flow that follows the instance (masking off by default) keeps the real values', async () => {
    const account = await t.createAccount();
    const { flowId } = await tableAndFlow(account);
    const executionId = await run(account, flowId);

    const stored = await storedOf(t, executionId);
    expect(stored.masked).toBe(false);
    expect(stored.logs).toContain(
      `CPF ${titular.cpf}, e-mail ${titular.email}, telefone ${titular.telefone}`,
    );
    expect(stored.error).toContain(titular.cpf);
    expect(JSON.parse(stored.trigger)).toEqual({ payload: titular });
    expect(stored.runs).toContain(titular.email);
    const status = await t.request(account.token).get('/engine/status');
    expect(status.json()).toMatchObject({ lgpd_mask: false });
  });
});

describeEachDriver('personal data masked by the instance (PONTE_LGPD_MASK=true)', (driver) => {
  const t = useTestApp(driver, { lgpdMask: true });

  async function flowWith(account: TestAccount, lgpd?: Partial<FlowLgpd>) {
    const res = await t.request(account.token).post('/api/v1/flows', {
      name: 'Aviso ao cliente',
      enabled: true,
      data: chain(
        {
          type: 'core_manual_trigger',
          params: { fields: [{ name: 'email', label: 'E-mail', type: 'text', required: true }] },
        },
        { type: 'core_log', params: { label: 'Aviso', message: '{{ msg.payload.email }}' } },
      ),
      config: { rate_limit: 0, ...(lgpd ? { lgpd } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { _id: string })._id;
  }

  async function userLineOf(account: TestAccount, flowId: string) {
    const res = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, { email: titular.email });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await finished(t, flowId);
    await linesStored(t, row!.id);
    const [line] = await t.database.db
      .select({ message: logs.message })
      .from(logs)
      .where(sql`${logs.executionId} = ${row!.id} and ${logs.type} = 'user'`);
    return line?.message;
  }

  it('masks the flows that follow it, not the ones that turned masking off', async () => {
    const account = await t.createAccount();
    expect(await userLineOf(account, await flowWith(account))).toBe(masked.email);
    expect(await userLineOf(account, await flowWith(account, { mask: 'default' }))).toBe(
      masked.email,
    );
    expect(await userLineOf(account, await flowWith(account, { mask: 'off' }))).toBe(titular.email);
    const status = await t.request(account.token).get('/engine/status');
    expect(status.json()).toMatchObject({ lgpd_mask: true });
  });
});
