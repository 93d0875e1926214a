import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitingExecution } from '@ponte/shared/monitoring.schema';
import type { ApprovalRequestPage } from '@ponte/shared/approval-requests.schema';
import { eq } from 'drizzle-orm';
import { approvalWaits } from '../../db/schema';
import {
  approvalFlow,
  decide,
  details,
  lineOf,
  linesOf,
  runUntilWaiting,
  statusOf,
} from '../../test/approval-wait-flow';
import { createFlow } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../test/test-database';
import { until } from '../../test/until';

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
      /^Aguardando aprovação de ana@empresa.com.br e Bia desde \d{2}\/\d{2}\/\d{4} .+ \(expira em \d{2}\/\d{2}\/\d{4} /,
    );
    expect(item!.approvers).toEqual([
      { approver: 'ana@empresa.com.br', status: 'pending', url: links['ana@empresa.com.br'] },
      { approver: 'Bia', status: 'pending', url: links.Bia },
    ]);
    // 'Executar agora' skips attempts and delays, never the people: nothing to run sooner.
    const runNow = await t
      .request(account.token)
      .post(`/api/v1/monitoring/executions/${item!.execution_id}/run-now`, {});
    expect(runNow.statusCode).toBe(409);
    expect(await statusOf(t, flowId)).toBe('waiting');
    // A viewer sees who answered, not the links that decide for them.
    const viewer = await t.addMember(account, 'viewer', 'Vera Leitora');
    const seen = await t.request(viewer.token).get('/api/v1/monitoring/executions/waiting');
    expect((seen.json() as { items: WaitingExecution[] }).items[0]!.approvers).toEqual([
      { approver: 'ana@empresa.com.br', status: 'pending', url: null },
      { approver: 'Bia', status: 'pending', url: null },
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

  it('closes the request of a stopped execution: an answer is told it no longer counts', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, approvalFlow('any'));
    const links = await runUntilWaiting(t, account, flowId);
    const [row] = await t.database.db
      .select()
      .from(approvalWaits)
      .where(eq(approvalWaits.flowId, flowId));
    const stopped = await t
      .request(account.token)
      .post('/engine/stop-execution', { execution_id: row!.executionId });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const late = await decide(t, links.Bia, { decision: 'reject' });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Esta aprovação não vale mais: a execução foi encerrada.');
    const [closed] = await t.database.db
      .select()
      .from(approvalWaits)
      .where(eq(approvalWaits.flowId, flowId));
    expect(closed).toMatchObject({ status: 'expired', input: null, flowData: null });
    expect(await linesOf(t, flowId, 'Rejeitado')).toEqual([]);
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
