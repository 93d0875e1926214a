import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { maskedRerunRefusal } from '@ponte/shared/lgpd/masked-executions';
import {
  titularEraseResultSchema,
  titularSearchResultSchema,
  type TitularEraseResult,
} from '@ponte/shared/lgpd/titular.schema';
import { dbRecords, dbTables, executionData, executions, flows, logs } from '../../db/schema';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLocalStorageDriver } from '../storage/local-driver';

/**
 * What an erasure deletes, scrubs and keeps (docs/adr/0124): a masked trace may be another
 * person's, so it never costs a whole row, record, message or file; a shared text file keeps
 * its path with the titular scrubbed; an anonymised execution is not re-run.
 */

const email = 'joao@gmail.com';
/** Julia's address masked: the same masked form as João's. */
const juliaMasked = 'j***@gmail.com';
const cpf = '529.982.247-25';
const digits = '52998224725';

async function insertFlow(t: TestContext, workspaceId: string) {
  const flowId = randomUUID();
  await t.database.db.insert(flows).values({
    id: flowId,
    workspaceId,
    name: 'Contatos',
    enabled: false,
    triggers: [],
    variables: [],
    data: { version: 1, nodes: [], edges: [] },
    config: { rate_limit: 0 },
  });
  return flowId;
}

async function insertTable(t: TestContext, account: TestAccount, rows: Record<string, string>[]) {
  const tableId = randomUUID();
  await t.database.db.insert(dbTables).values({
    id: tableId,
    workspaceId: account.workspaceId,
    customerId: account.customerId,
    name: 'Contatos',
    fields: [],
  });
  await t.database.db
    .insert(dbRecords)
    .values(
      rows.map((data) => ({ id: randomUUID(), workspaceId: account.workspaceId, tableId, data })),
    );
  return tableId;
}

async function erase(t: TestContext, account: TestAccount, query: string) {
  const api = t.request(account.token);
  const searched = titularSearchResultSchema.parse(
    (await api.post('/api/v1/lgpd/titulars/search', { query })).json(),
  );
  const confirm = Object.fromEntries(searched.places.map((place) => [place.place, place.found]));
  const erased = await api.post('/api/v1/lgpd/titulars/erase', { query, confirm });
  expect(erased.statusCode, erased.body).toBe(200);
  return titularEraseResultSchema.parse(erased.json());
}

const placeOf = (result: TitularEraseResult, name: string) =>
  result.places.find((place) => place.place === name)!;

describeEachDriver('an erasure deletes, scrubs and keeps', (driver) => {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-titular-erase-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const storage = createLocalStorageDriver(dir);
  const t = useTestApp(driver, { queues: { sampleDepth: false }, storage: { driver: storage } });
  const write = (workspaceId: string, path: string, content: string) =>
    storage.write(workspaceId, path, Readable.from([Buffer.from(content)]), {
      maxBytes: 1_000_000,
      overwrite: true,
    });
  const read = async (workspaceId: string, path: string) => {
    const { stream } = await storage.read(workspaceId, path);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  };

  it("keeps another person's masked traces: lines scrubbed, records, messages and files kept", async () => {
    const account = await t.createAccount();
    const { workspaceId } = account;
    const { db } = t.database;
    const api = t.request(account.token);
    const flowId = await insertFlow(t, workspaceId);
    const line = (message: string) => ({
      workspaceId,
      flowId,
      executionId: randomUUID(),
      type: 'user' as const,
      label: 'envio',
      message,
      createdAt: new Date(),
    });
    await db
      .insert(logs)
      .values([
        line(`Enviado para ${email}`),
        line(`Enviado para ${juliaMasked} às 10h`),
        line('Nada pessoal'),
      ]);
    const tableId = await insertTable(t, account, [
      { nome: 'João', email },
      { nome: 'Julia', email: juliaMasked },
    ]);
    const queue = await api.post('/api/v1/queues', { name: 'Envios', max_per_second: 0 });
    const queueId = (queue.json() as { _id: string })._id;
    for (const to of [email, juliaMasked]) {
      const job = await api.post(`/api/v1/queues/jobs/new/${queueId}`, {
        message: JSON.stringify({ to }),
        delayed: 0,
      });
      expect(job.statusCode, job.body).toBe(201);
    }
    await write(workspaceId, '/envios/julia.txt', `Para: ${juliaMasked}\n`);

    const result = await erase(t, account, email);

    // Every line stays, each occurrence (the titular's and the masked one) scrubbed.
    const lines = await db.select().from(logs).where(eq(logs.workspaceId, workspaceId));
    expect(lines.map((l) => l.message).sort()).toEqual([
      'Enviado para [removido]',
      'Enviado para [removido] às 10h',
      'Nada pessoal',
    ]);
    expect(placeOf(result, 'logs')).toMatchObject({ found: 2, masked: 1, done: 2, after: 0 });
    // João's record goes; Julia's, holding only the masked form, stays as it was.
    const records = await db.select().from(dbRecords).where(eq(dbRecords.tableId, tableId));
    expect(records.map((r) => r.data)).toEqual([{ nome: 'Julia', email: juliaMasked }]);
    expect(placeOf(result, 'records')).toMatchObject({ found: 2, done: 1, after: 1, kept: 1 });
    const jobs = (await api.get(`/api/v1/queues/jobs/${queueId}`)).json() as {
      items: { message: unknown }[];
    };
    expect(jobs.items.map((job) => JSON.stringify(job.message))).toEqual([
      expect.stringContaining(juliaMasked),
    ]);
    expect(placeOf(result, 'queues')).toMatchObject({ found: 2, done: 1, after: 1, kept: 1 });
    expect(await read(workspaceId, '/envios/julia.txt')).toBe(`Para: ${juliaMasked}\n`);
    expect(placeOf(result, 'storage')).toMatchObject({ found: 1, done: 0, after: 1, kept: 1 });
    // What the search after finds is the masked traces kept, nothing left unerased.
    expect(result.total_after).toBe(3);
    expect(result.places.every((place) => place.after === place.kept)).toBe(true);
    const csv = await api.get(
      `/api/v1/lgpd/titulars/requests/${result.request_id}/report?format=csv`,
    );
    expect(csv.body).toContain(
      'Registros de tabelas;2;1;registros com o dado excluídos (rastros mascarados mantidos);1;1;1',
    );
  });

  it('rewrites a shared text file in place, deletes what is named with the value', async () => {
    const account = await t.createAccount();
    const { workspaceId } = account;
    const csv = ['nome;cpf', `Ana;${cpf}`, 'Bia;111.444.777-35', 'Caio;390.533.447-05', ''].join(
      '\n',
    );
    await write(workspaceId, '/exportacoes/clientes.csv', csv);
    await write(workspaceId, `/clientes/${digits}.pdf`, '%PDF-1.4 binário');
    await write(workspaceId, `/titulares/${digits}/ficha.txt`, `CPF ${cpf}`);
    await write(workspaceId, '/titulares/outro.txt', 'Nada aqui.');

    const result = await erase(t, account, cpf);

    const scrubbed = csv.replace(cpf, '[removido]');
    expect(await read(workspaceId, '/exportacoes/clientes.csv')).toBe(scrubbed);
    const [file] = await storage.list(workspaceId, '/exportacoes');
    expect(file).toMatchObject({ name: 'clientes.csv', size: Buffer.byteLength(scrubbed) });
    expect(await storage.list(workspaceId, '/clientes')).toEqual([]);
    // The folder named with the CPF goes with what is in it.
    expect((await storage.list(workspaceId, '/titulares')).map((item) => item.name)).toEqual([
      'outro.txt',
    ]);
    expect(placeOf(result, 'storage')).toMatchObject({ found: 4, done: 4, after: 0, kept: 0 });
    expect(result.total_after).toBe(0);
  });

  it('marks the anonymised executions: a re-run is refused', async () => {
    const account = await t.createAccount();
    const { workspaceId } = account;
    const { db } = t.database;
    const flowId = await insertFlow(t, workspaceId);
    const execution = (triggerMsg: Record<string, unknown>) => ({
      id: randomUUID(),
      workspaceId,
      flowId,
      triggerType: 'core_webhook_trigger',
      triggerNodeUid: 'n0',
      status: 'success' as const,
      queuedAt: new Date(),
      endedAt: new Date(),
      triggerMsg,
    });
    const inTrigger = execution({ body: { cpf } });
    const inData = execution({ body: { pedido: 7 } });
    await db.insert(executions).values([inTrigger, inData]);
    await db.insert(executionData).values({
      executionId: inData.id,
      workspaceId,
      flowId,
      summaries: [],
      runs: JSON.stringify({ n1: [{ msg: { doc: digits } }] }),
      bytes: 40,
      createdAt: new Date(),
    });

    await erase(t, account, cpf);

    for (const id of [inTrigger.id, inData.id]) {
      const [row] = await db.select().from(executions).where(eq(executions.id, id));
      expect(row!.personalDataMasked).toBe(true);
      const rerun = await t
        .request(account.token)
        .post(`/api/v1/monitoring/executions/${id}/rerun`, {});
      expect(rerun.statusCode, rerun.body).toBe(409);
      expect(rerun.json()).toMatchObject({ message: maskedRerunRefusal });
    }
  });
});
