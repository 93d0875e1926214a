import { expect } from 'vitest';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import { eq } from 'drizzle-orm';
import { executions } from '../db/schema';
import type { Requester, TestAccount, TestContext } from './test-app';
import { until } from './until';

export type Step = { type: string; params?: Record<string, unknown>; uid?: string };

/** A linear flow document: the first step is the trigger, each step feeds the next. */
export function chain(...steps: Step[]) {
  const nodes = steps.map((step, index) => ({
    uid: step.uid ?? `n${index}`,
    type: step.type,
    position: { x: index * 200, y: 0 },
    params: step.params ?? {},
  }));
  return {
    version: 1,
    nodes,
    edges: nodes.slice(1).map((node, index) => ({
      id: `e${index}`,
      source: nodes[index]!.uid,
      sourceOutput: 'default',
      target: node.uid,
    })),
  };
}

/** Creates a flow through the API, as a user would. */
export async function createFlow(
  t: TestContext,
  account: TestAccount,
  data: object,
  enabled = true,
) {
  const res = await t
    .request(account.token)
    .post('/api/v1/flows', { name: 'Flow de teste', enabled, data });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

export const executionsOf = (t: TestContext, flowId: string) =>
  t.database.db.select().from(executions).where(eq(executions.flowId, flowId));

/** Waits until `count` executions of the flow have ended, and gives them. */
export const finished = (t: TestContext, flowId: string, count = 1) =>
  until(async () => {
    const rows = (await executionsOf(t, flowId)).filter((row) => row.endedAt);
    return rows.length >= count && rows;
  }, `${count} execução(ões) do flow ${flowId}`);

/** Waits until the execution's user logs answer in the logs API, and gives their data. */
export const userLogsOf = (api: Requester, executionId: string) =>
  until(async () => {
    const filters = encodeURIComponent(JSON.stringify({ execution_id: executionId, type: 'user' }));
    const res = await api.get(`/api/v1/monitoring/logs?filters=${filters}`);
    const { items } = res.json() as { items: { data: { message: string; label: string } }[] };
    return items.length > 0 && items.map((item) => item.data);
  }, `os logs da execução ${executionId}`);

/**
 * Saves Manual Trigger → `node`, runs it, and gives the execution, the node's summary and its
 * first run, read back through the monitoring API (the service connectors' tests).
 */
export async function runAfterManualTrigger(t: TestContext, account: TestAccount, node: Step) {
  const uid = node.uid ?? 'n1';
  const flowId = await createFlow(
    t,
    account,
    chain({ type: 'core_manual_trigger' }, { ...node, uid }),
  );
  const api = t.request(account.token);
  const started = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
  expect(started.statusCode, started.body).toBe(200);
  const [execution] = await finished(t, flowId);
  const base = `/api/v1/monitoring/executions/${execution!.id}/data`;
  const data = (await api.get(base)).json() as ExecutionData;
  const nodeData = (await api.get(`${base}/${uid}`)).json() as NodeData;
  return {
    execution: execution!,
    summary: data.nodes.find((n) => n.node_uid === uid),
    run: nodeData.runs[0]!,
  };
}
