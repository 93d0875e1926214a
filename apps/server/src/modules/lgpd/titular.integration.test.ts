import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import {
  titularEraseResultSchema,
  titularRequestListSchema,
  titularSearchResultSchema,
  type TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import {
  auditEvents,
  dbRecords,
  dbTables,
  executionData,
  executions,
  flows,
  lgpdRequests,
  logs,
} from '../../db/schema';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createRedisMessageDriver } from '../queues/drivers/redis-message-driver';
import { createLocalStorageDriver } from '../storage/local-driver';
import type { StorageDriver } from '../storage/storage-driver';
import { createLgpdRequestsRepository } from './lgpd-requests.repository';
import { titularReport } from './titular-report';
import { titularReportPdf } from './titular-report-pdf';

const cpf = '529.982.247-25';
const digits = '52998224725';
const maskedCpf = '***.982.247-**';

/** Every place of one workspace holding the CPF (and a log line holding only its masked form). */
async function seedTitular(t: TestContext, account: TestAccount, storage: StorageDriver) {
  const { db } = t.database;
  const workspaceId = account.workspaceId;
  const flowId = randomUUID();
  await db.insert(flows).values({
    id: flowId,
    workspaceId,
    name: 'Cadastro de clientes',
    enabled: false,
    triggers: [],
    variables: [],
    data: { version: 1, nodes: [], edges: [] },
    config: { rate_limit: 0 },
  });
  const execution = (id: string, triggerType: string, triggerMsg: Record<string, unknown>) => ({
    id,
    workspaceId,
    flowId,
    triggerType,
    triggerNodeUid: 'n0',
    status: 'success' as const,
    queuedAt: new Date(),
    triggerMsg,
  });
  const webhookId = randomUUID();
  const formId = randomUUID();
  await db
    .insert(executions)
    .values([
      execution(webhookId, 'core_webhook_trigger', { body: { cliente: { cpf } } }),
      execution(formId, 'core_form_trigger', { payload: { cpf: Number(digits), nome: 'Ana' } }),
    ]);
  await db.insert(executionData).values({
    executionId: webhookId,
    workspaceId,
    flowId,
    summaries: [],
    runs: JSON.stringify({ n1: [{ msg: { doc: digits, nota: `CPF ${cpf}` } }] }),
    bytes: 60,
    createdAt: new Date(),
  });
  const line = (message: string) => ({
    workspaceId,
    flowId,
    executionId: webhookId,
    type: 'user' as const,
    label: 'cadastro',
    message,
    createdAt: new Date(),
  });
  await db
    .insert(logs)
    .values([
      line(`Cliente com CPF ${cpf} cadastrado`),
      line(`Cliente com CPF ${maskedCpf} cadastrado`),
      line(`Pedido 99${digits} recebido`),
    ]);
  const tableId = randomUUID();
  await db.insert(dbTables).values({
    id: tableId,
    workspaceId,
    customerId: account.customerId,
    name: 'Clientes',
    fields: [],
  });
  const recordId = randomUUID();
  await db.insert(dbRecords).values([
    { id: recordId, workspaceId, tableId, data: { nome: 'Ana', cpf } },
    { id: randomUUID(), workspaceId, tableId, data: { nome: 'Bia', cpf: '111.444.777-35' } },
  ]);
  const api = t.request(account.token);
  const queue = await api.post('/api/v1/queues', { name: 'Cadastros', max_per_second: 0 });
  expect(queue.statusCode, queue.body).toBe(201);
  const queueId = (queue.json() as { _id: string })._id;
  const job = await api.post(`/api/v1/queues/jobs/new/${queueId}`, {
    message: JSON.stringify({ cliente: { cpf } }),
    delayed: 0,
  });
  expect(job.statusCode, job.body).toBe(201);
  const write = (path: string, content: string) =>
    storage.write(workspaceId, path, Readable.from([Buffer.from(content)]), {
      maxBytes: 1_000_000,
      overwrite: true,
    });
  await write('/clientes/ficha.txt', `Nome: Ana\nCPF: ${cpf}\n`);
  await write(`/clientes/${digits}.pdf`, '%PDF-1.4 binário');
  await write('/clientes/outro.txt', 'Nada aqui.');
  return { flowId, webhookId, formId, recordId, queueId, tableId };
}

const foundIn = (result: TitularSearchResult) =>
  Object.fromEntries(result.places.map((place) => [place.place, place.found]));

function titularJourney(t: TestContext, storage: () => StorageDriver) {
  it('finds a CPF in every place of the workspace only, erases it and records both', async () => {
    const account = await t.createAccount({ workspaceName: 'Loja da Ana' });
    const other = await t.createAccount();
    const seeded = await seedTitular(t, account, storage());
    const otherSeeded = await seedTitular(t, other, storage());
    const api = t.request(account.token);
    const { db } = t.database;

    const searched = await api.post('/api/v1/lgpd/titulars/search', { query: digits });
    expect(searched.statusCode, searched.body).toBe(200);
    const result = titularSearchResultSchema.parse(searched.json());
    expect(result.value_masked).toBe(maskedCpf);
    expect(foundIn(result)).toEqual({
      executions: 1,
      forms: 1,
      execution_data: 1,
      logs: 2,
      records: 1,
      queues: 1,
      storage: 2,
    });
    const place = (name: string) => result.places.find((p) => p.place === name)!;
    expect(place('logs').masked).toBe(1);
    expect(
      place('logs')
        .items.map((item) => item.masked)
        .sort(),
    ).toEqual([false, true]);
    expect(place('forms').items[0]).toMatchObject({
      id: seeded.formId,
      flow_name: 'Cadastro de clientes',
      fields: ['trigger_msg'],
    });
    expect(place('records').items[0]).toMatchObject({
      id: seeded.recordId,
      table_name: 'Clientes',
      fields: ['cpf'],
    });
    expect(place('queues').items[0]).toMatchObject({ queue_name: 'Cadastros' });
    expect(
      place('storage')
        .items.map((item) => item.path)
        .sort(),
    ).toEqual([`/clientes/${digits}.pdf`, '/clientes/ficha.txt']);

    const waitingJobs = async () =>
      ((await api.get(`/api/v1/queues/jobs/${seeded.queueId}`)).json() as { total: number }).total;
    expect(await waitingJobs()).toBe(1);

    const changed = await api.post('/api/v1/lgpd/titulars/erase', {
      query: cpf,
      confirm: { ...foundIn(result), logs: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().message).toBe(titularMessages.changed);

    const erased = await api.post('/api/v1/lgpd/titulars/erase', {
      query: cpf,
      confirm: foundIn(result),
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const erasure = titularEraseResultSchema.parse(erased.json());
    expect(erasure.total_after).toBe(0);
    expect(erasure.places.every((p) => p.done === p.found && p.after === 0 && p.kept === 0)).toBe(
      true,
    );

    // Anonymised where the history stays, removed elsewhere: read straight from the tables.
    const [webhook] = await db.select().from(executions).where(eq(executions.id, seeded.webhookId));
    expect(webhook!.triggerMsg).toEqual({ body: { cliente: { cpf: '[removido]' } } });
    const [form] = await db.select().from(executions).where(eq(executions.id, seeded.formId));
    expect(form!.triggerMsg).toEqual({ payload: { cpf: '[removido]', nome: 'Ana' } });
    const [data] = await db
      .select()
      .from(executionData)
      .where(eq(executionData.executionId, seeded.webhookId));
    expect(JSON.parse(data!.runs)).toEqual({
      n1: [{ msg: { doc: '[removido]', nota: 'CPF [removido]' } }],
    });
    // Log lines stay, each occurrence (the masked one too) scrubbed.
    const lines = await db.select().from(logs).where(eq(logs.workspaceId, account.workspaceId));
    expect(lines.map((l) => l.message).sort()).toEqual([
      'Cliente com CPF [removido] cadastrado',
      'Cliente com CPF [removido] cadastrado',
      `Pedido 99${digits} recebido`,
    ]);
    const records = await db
      .select()
      .from(dbRecords)
      .where(eq(dbRecords.workspaceId, account.workspaceId));
    expect(records.map((r) => r.data.nome)).toEqual(['Bia']);
    expect(await waitingJobs()).toBe(0);
    // The file named with the CPF goes; the text file holding it keeps its path, scrubbed.
    const files = await storage().list(account.workspaceId, '/clientes');
    expect(files.map((f) => f.name).sort()).toEqual(['ficha.txt', 'outro.txt']);

    const again = titularSearchResultSchema.parse(
      (await api.post('/api/v1/lgpd/titulars/search', { query: cpf })).json(),
    );
    expect(again.total).toBe(0);

    // The other workspace keeps everything.
    const otherResult = titularSearchResultSchema.parse(
      (await t.request(other.token).post('/api/v1/lgpd/titulars/search', { query: cpf })).json(),
    );
    expect(otherResult.total).toBe(9);
    const [otherRecord] = await db
      .select()
      .from(dbRecords)
      .where(eq(dbRecords.tableId, otherSeeded.tableId));
    expect(otherRecord).toBeDefined();

    // The requests: who asked, the value masked, never whole.
    const rows = await db
      .select()
      .from(lgpdRequests)
      .where(eq(lgpdRequests.workspaceId, account.workspaceId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['erasure', 'search', 'search']);
    for (const row of rows) {
      expect(row).toMatchObject({ userId: account.userId, userName: 'Pessoa de Teste' });
      expect(row.titularMasked).toBe(maskedCpf);
      expect(JSON.stringify(row)).not.toContain(digits);
      expect(JSON.stringify(row)).not.toContain(cpf);
    }
    // The audit log has the erasure (not the searches, kept above), without the CPF either.
    const audited = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, account.workspaceId));
    const lgpdEvents = audited.filter((event) => event.resourceKind === 'lgpd');
    expect(lgpdEvents.map((event) => event.action)).toEqual(['delete']);
    expect(JSON.stringify(audited)).not.toContain(digits);
    expect(JSON.stringify(audited)).not.toContain(cpf);

    const list = titularRequestListSchema.parse(
      (await api.get('/api/v1/lgpd/titulars/requests')).json(),
    );
    expect(list.total).toBe(3);
    expect(list.items[0]!.kind).toBe('search');
    expect(list.items[1]!.kind).toBe('erasure');

    const erasureId = erasure.request_id;
    const csv = await api.get(`/api/v1/lgpd/titulars/requests/${erasureId}/report?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\ufeffRelatório de atendimento ao titular')).toBe(true);
    expect(csv.body).toContain('Workspace;Loja da Ana');
    expect(csv.body).toContain('Solicitado por;Pessoa de Teste');
    expect(csv.body).toContain(`Titular;CPF ${maskedCpf}`);
    expect(csv.body).toMatch(/Data;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\r\n/);
    expect(csv.body).toContain(
      'Registros de tabelas;1;0;registros com o dado excluídos (rastros mascarados mantidos);1;0;0',
    );
    expect(csv.body).toContain('Encontrados pela busca depois da exclusão;0');
    expect(csv.body).not.toContain(digits);
    expect(csv.body).not.toContain(cpf);

    const pdf = await api.get(`/api/v1/lgpd/titulars/requests/${erasureId}/report`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const row = await createLgpdRequestsRepository(db).find(account.workspaceId, erasureId);
    const plain = await titularReportPdf(await titularReport(db, row!), { compress: false });
    expect(pdfText(plain)).toContain('Relatório de atendimento ao titular');

    const foreign = await t
      .request(other.token)
      .get(`/api/v1/lgpd/titulars/requests/${erasureId}/report?format=csv`);
    expect(foreign.statusCode).toBe(404);
  });
}

/** The text pdfkit wrote with a standard font: hex strings in WinAnsi (Latin-1 for these letters). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/<([0-9a-f]+)>/gi)]
    .map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'))
    .join('');
}

function refusals(t: TestContext) {
  it('refuses what is not one CPF, CNPJ, e-mail or phone, and anyone but owners and admins', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    for (const query of ['', 'Ana', `${cpf} ${cpf}`, '529.982.247-00']) {
      const refused = await api.post('/api/v1/lgpd/titulars/search', { query });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().message).toBe(titularMessages.queryInvalid);
    }
    // Every writing goes to the database as a pattern: a phone's '+' and '()' are taken as text.
    for (const query of [
      '+55 (11) 98765-4321',
      'Ana.Souza+1@Exemplo.com.br',
      '11.222.333/0001-81',
    ]) {
      const searched = await api.post('/api/v1/lgpd/titulars/search', { query });
      expect(searched.statusCode, searched.body).toBe(200);
      expect(titularSearchResultSchema.parse(searched.json()).total).toBe(0);
    }
    const admin = await t.addMember(account, 'admin');
    expect(
      (await t.request(admin.token).post('/api/v1/lgpd/titulars/search', { query: cpf }))
        .statusCode,
    ).toBe(200);
    const editor = await t.addMember(account, 'editor');
    const asEditor = t.request(editor.token);
    expect((await asEditor.post('/api/v1/lgpd/titulars/search', { query: cpf })).statusCode).toBe(
      403,
    );
    expect(
      (await asEditor.post('/api/v1/lgpd/titulars/erase', { query: cpf, confirm: {} })).statusCode,
    ).toBe(403);
    expect((await asEditor.get('/api/v1/lgpd/titulars/requests')).statusCode).toBe(403);
  });
}

/** A local storage in a temp folder of the suite's own (removed after). */
function suiteStorage() {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-titular-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return createLocalStorageDriver(dir);
}

describe('a titular, queue messages in the database', () => {
  const storage = suiteStorage();
  const t = useTestApp('embedded', {
    queues: { sampleDepth: false },
    storage: { driver: storage },
  });
  titularJourney(t, () => storage);
  refusals(t);
});

const redisUrl = process.env.PONTE_TEST_REDIS_URL;
if (!redisUrl)
  console.warn('Titular com filas no Redis: PONTE_TEST_REDIS_URL ausente, teste ignorado.');

describe.skipIf(!redisUrl)('a titular, queue messages in Redis', () => {
  const prefix = `ponte-teste-titular-${randomUUID()}`;
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const storage = suiteStorage();
  const t = useTestApp('embedded', {
    queues: {
      sampleDepth: false,
      driver: redisUrl ? createRedisMessageDriver({ url: redisUrl, prefix }) : undefined,
    },
    storage: { driver: storage },
  });
  titularJourney(t, () => storage);
});
