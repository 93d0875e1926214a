import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WaitingExecution } from '@ponte/shared/monitoring.schema';
import type { ApprovalRequestPage } from '@ponte/shared/approval-requests.schema';
import { approvalWaits, executions, logs } from '../../db/schema';
import { createFlow } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../test/test-database';
import { until } from '../../test/until';

const at = (x: number, y = 0) => ({ x, y });
const log = (uid: string, label: string, message: string, y: number) => ({
  uid,
  type: 'core_log',
  position: at(400, y),
  params: { label, message },
});

/** Manual trigger → 'Aguardar aprovação' (links, approved, rejected, expired → a log each). */
const approvalFlow = (mode: 'any' | 'all') => ({
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
    {
      uid: 'aprovacao',
      type: 'core_wait_approval',
      position: at(200),
      params: {
        approvers: [{ approver: 'ana@empresa.com.br' }, { approver: 'Bia' }],
        mode,
        title: 'Reembolso de {{ msg.payload.nome }}',
        text: 'Valor pedido:\n{{ msg.payload.valor }}',
        data: '{{ msg.payload }}',
        comment: true,
        fields: [{ label: 'Centro de custo', type: 'text', required: true }],
        timeout: 1,
        timeout_unit: 'd',
      },
    },
    log('links', 'Link', '{{ msg.approval.approver }} {{ msg.approval.url }}', -150),
    log(
      'aprovado',
      'Aprovado',
      '{{ msg.approval.fields.`Centro de custo` }} {{ $count(msg.approval.answers) }}',
      -50,
    ),
    log('rejeitado', 'Rejeitado', '{{ msg.approval.comment }}', 50),
    log('expirou', 'Expirou', '{{ msg.payload.nome }} {{ $count(msg.approval.answers) }}', 150),
  ],
  edges: [
    { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'aprovacao' },
    { id: 'e2', source: 'aprovacao', sourceOutput: 'link', target: 'links' },
    { id: 'e3', source: 'aprovacao', sourceOutput: 'default', target: 'aprovado' },
    { id: 'e4', source: 'aprovacao', sourceOutput: 'rejected', target: 'rejeitado' },
    { id: 'e5', source: 'aprovacao', sourceOutput: 'expired', target: 'expirou' },
  ],
});

const linesOf = async (t: TestContext, flowId: string, label: string) =>
  (await t.database.db.select().from(logs).where(eq(logs.flowId, flowId)))
    .filter((line) => line.label === label)
    .map((line) => String(line.message));

const lineOf = (t: TestContext, flowId: string, label: string) =>
  until(async () => {
    const lines = await linesOf(t, flowId, label);
    return lines.length > 0 && lines;
  }, `a linha '${label}'`);

const statusOf = async (t: TestContext, flowId: string) =>
  (await t.database.db.select().from(executions).where(eq(executions.flowId, flowId)))[0]?.status;

/** Runs the flow, waits until it waits, and gives each approver's link. */
async function runUntilWaiting(t: TestContext, account: TestAccount, flowId: string) {
  const started = await t
    .request(account.token)
    .post(`/engine/flow/manual-trigger/${flowId}`, { nome: 'Caio', valor: '1.234,56' });
  expect(started.statusCode, started.body).toBe(200);
  await until(async () => (await statusOf(t, flowId)) === 'waiting', 'a execução aguardar');
  const lines = await until(async () => {
    const found = await linesOf(t, flowId, 'Link');
    return found.length === 2 && found;
  }, 'os dois links no log');
  const links = Object.fromEntries(lines.map((line) => line.split(' ') as [string, string]));
  expect(links.Bia).toMatch(/^\/engine\/approval-requests\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  return links as Record<'ana@empresa.com.br' | 'Bia', string>;
}

const details = (t: TestContext, url: string) =>
  t.app.inject({ method: 'GET', url: `${url}/details` });
const decide = (t: TestContext, url: string, body: object) =>
  t.app.inject({ method: 'POST', url: `${url}/decision`, payload: body });

let shared: SharedTestDatabase;
beforeAll(async () => {
  shared = await createSharedTestDatabase('embedded');
});
afterAll(async () => {
  await shared.dispose();
});
const options = { openDatabase: () => shared.open() };
const kept: { account?: TestAccount; flowId?: string; links?: Record<string, string> } = {};

describe("'Aguardar aprovação': before a restart", () => {
  const t = useTestApp('embedded', options);

  it('sends a signed link to each approver and waits, the page and the approvers in monitoring', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, approvalFlow('all'));
    const links = await runUntilWaiting(t, account, flowId);
    const page = await details(t, links.Bia);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      title: 'Reembolso de Caio',
      text: 'Valor pedido:\n1.234,56',
      data: { nome: 'Caio', valor: '1.234,56' },
      approver: 'Bia',
      mode: 'all',
      status: 'pending',
      link_status: 'pending',
      needed: 2,
      approved: 0,
      fields: [{ key: 'Centro de custo', label: 'Centro de custo', type: 'text', required: true }],
    } satisfies Partial<ApprovalRequestPage>);

    const waiting = await t.request(account.token).get('/api/v1/monitoring/executions/waiting');
    const [item] = (waiting.json() as { items: WaitingExecution[] }).items;
    expect(item).toMatchObject({ status: 'waiting', run_now: false, reason: { kind: 'approval' } });
    expect(item!.reason.text).toMatch(
      /^Aguardando aprovação desde \d{2}\/\d{2}\/\d{4} .+ \(expira em \d{2}\/\d{2}\/\d{4} /,
    );
    expect(item!.approvers).toEqual([
      { approver: 'ana@empresa.com.br', status: 'pending', url: links['ana@empresa.com.br'] },
      { approver: 'Bia', status: 'pending', url: links.Bia },
    ]);
    Object.assign(kept, { account, flowId, links });
  });
});

describe("'Aguardar aprovação': after a restart", () => {
  const t = useTestApp('embedded', options);

  it('takes each link once and goes on by Aprovado when all approved', async () => {
    const { account, flowId, links } = kept as Required<typeof kept>;
    const ana = links['ana@empresa.com.br']!;
    const missing = await decide(t, ana, { decision: 'approve' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Preencha "Centro de custo" para aprovar.');

    const first = await decide(t, ana, {
      decision: 'approve',
      fields: { 'Centro de custo': ' TI ' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', link_status: 'approved', approved: 1 });
    expect(await statusOf(t, flowId)).toBe('waiting');

    const reused = await decide(t, ana, { decision: 'reject' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('Este link já foi usado.');
    const forged = `${ana.slice(0, -4)}AAAA`;
    expect((await decide(t, forged, { decision: 'approve' })).statusCode).toBe(404);
    expect((await details(t, forged)).statusCode).toBe(404);

    const last = await decide(t, links.Bia!, {
      decision: 'approve',
      comment: 'Ok',
      fields: { 'Centro de custo': 'Vendas' },
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ status: 'approved', link_status: 'approved' });
    await until(async () => (await statusOf(t, flowId)) === 'success', 'a execução continuar');
    expect(await lineOf(t, flowId, 'Aprovado')).toEqual(['Vendas 2']);
    expect(await linesOf(t, flowId, 'Expirou')).toEqual([]);
    const [row] = await t.database.db.select().from(approvalWaits);
    expect(row).toMatchObject({ status: 'approved', input: null, flowData: null });
    const waiting = await t.request(account.token).get('/api/v1/monitoring/executions/waiting');
    expect(waiting.json().items).toEqual([]);
  });

  it('goes on by Rejeitado at the first rejection, and the other link is no longer taken', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, approvalFlow('any'));
    const links = await runUntilWaiting(t, account, flowId);
    const rejected = await decide(t, links.Bia, { decision: 'reject', comment: 'Sem nota fiscal' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await until(async () => (await statusOf(t, flowId)) === 'success', 'a execução continuar');
    expect(await lineOf(t, flowId, 'Rejeitado')).toEqual(['Sem nota fiscal']);
    const other = await decide(t, links['ana@empresa.com.br'], {
      decision: 'approve',
      fields: { 'Centro de custo': 'TI' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Esta aprovação já foi decidida.');
    expect((await details(t, links['ana@empresa.com.br'])).json()).toMatchObject({
      status: 'rejected',
      link_status: 'void',
    });
  });

  it('goes on by Expirado when the time runs out, and a late answer is told it expired', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, approvalFlow('all'));
    const links = await runUntilWaiting(t, account, flowId);
    const early = await decide(t, links.Bia, {
      decision: 'approve',
      fields: { 'Centro de custo': 'TI' },
    });
    expect(early.statusCode).toBe(200);
    t.clock.advance(25 * 60 * 60_000);
    await until(async () => (await statusOf(t, flowId)) === 'success', 'a aprovação expirar');
    expect(await lineOf(t, flowId, 'Expirou')).toEqual(['Caio 1']);
    expect(await linesOf(t, flowId, 'Aprovado')).toEqual([]);
    const late = await decide(t, links['ana@empresa.com.br'], {
      decision: 'approve',
      fields: { 'Centro de custo': 'TI' },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Este link de aprovação expirou.');
  });
});
