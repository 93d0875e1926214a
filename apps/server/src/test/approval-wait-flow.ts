/** A flow with an 'Aguardar aprovação' and the calls its tests make (docs/adr/0115). */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { executions, logs } from '../db/schema';
import type { TestAccount, TestContext } from './test-app';
import { until } from './until';

const at = (x: number, y = 0) => ({ x, y });
const log = (uid: string, label: string, message: string, y: number) => ({
  uid,
  type: 'core_log',
  position: at(400, y),
  params: { label, message },
});

/** Manual trigger → 'Aguardar aprovação' (links, approved, rejected, expired → a log each). */
export const approvalFlow = (mode: 'any' | 'all') => ({
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

export const linesOf = async (t: TestContext, flowId: string, label: string) =>
  (await t.database.db.select().from(logs).where(eq(logs.flowId, flowId)))
    .filter((line) => line.label === label)
    .map((line) => String(line.message));

export const lineOf = (t: TestContext, flowId: string, label: string) =>
  until(async () => {
    const lines = await linesOf(t, flowId, label);
    return lines.length > 0 && lines;
  }, `a linha '${label}'`);

export const statusOf = async (t: TestContext, flowId: string) =>
  (await t.database.db.select().from(executions).where(eq(executions.flowId, flowId)))[0]?.status;

/** Runs the flow, waits until it waits, and gives each approver's link. */
export async function runUntilWaiting(t: TestContext, account: TestAccount, flowId: string) {
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

export const details = (t: TestContext, url: string) =>
  t.app.inject({ method: 'GET', url: `${url}/details` });
export const decide = (t: TestContext, url: string, body: object) =>
  t.app.inject({ method: 'POST', url: `${url}/decision`, payload: body });
