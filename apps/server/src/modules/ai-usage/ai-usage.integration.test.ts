import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetSpentMessage } from '@ponte/shared/ai-usage.schema';
import type { ExecutionData } from '@ponte/shared/execution-data.schema';
import { aiTokenUsage } from '../../db/schema';
import { runAfterManualTrigger } from '../../test/flow-fixtures';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';
import { useTestApp, type TestAccount } from '../../test/test-app';

// No AI provider is reached: a stand-in of OpenAI's Chat Completions
// (https://platform.openai.com/docs/api-reference/chat/create), whose answers report
// `usage: {prompt_tokens: 11, completion_tokens: 7}`, answers on 127.0.0.2.
const key = 'sk-custo-123';
let apis: ModelChatApisStandIn;
beforeAll(async () => {
  apis = await startModelChatApisStandIn('127.0.0.2', key);
});
afterAll(() => apis.close());

describe("the AI tokens: per call, per execution and against the workspace's monthly budget", () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });

  /** A workspace with an OpenAI-compatible account on the stand-in. */
  async function workspaceWithModel() {
    const account = await t.createAccount();
    const res = await t.request(account.token).post('/api/v1/service-accounts', {
      name: 'OpenAI',
      auth_type: 'openai_compatible',
      openai_compatible: { api_url: `${apis.url}/openai/v1`, api_key: key },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { account, serviceAccount: res.json()._id as string };
  }

  const ask = (workspace: { account: TestAccount; serviceAccount: string }) =>
    runAfterManualTrigger(t, workspace.account, {
      type: 'svc_llm',
      uid: 'ia',
      params: { service_account: workspace.serviceAccount, model: 'gpt-4o-mini', message: 'Oi' },
    });

  const rowsOf = (workspaceId: string) =>
    t.database.db.select().from(aiTokenUsage).where(eq(aiTokenUsage.workspaceId, workspaceId));

  const setBudget = (account: TestAccount, budget: number | null) =>
    t.request(account.token).put('/api/v1/workspaces/current/ai-budget', {
      ai_token_budget: budget,
    });

  it("writes one row per model call and answers the execution's tokens with its data", async () => {
    const workspace = await workspaceWithModel();
    const { execution } = await ask(workspace);
    expect(execution.status).toBe('success');
    expect(await rowsOf(workspace.account.workspaceId)).toEqual([
      expect.objectContaining({
        executionId: execution.id,
        flowId: execution.flowId,
        provider: 'openai',
        model: 'gpt-4o-mini',
        tokensIn: 11,
        tokensOut: 7,
      }),
    ]);
    const api = t.request(workspace.account.token);
    const data = (await api.get(`/api/v1/monitoring/executions/${execution.id}/data`)).json();
    expect((data as ExecutionData).ai_tokens).toEqual({ entrada: 11, saida: 7 });
    expect((await api.get('/api/v1/workspaces/current/ai-budget')).json()).toEqual({
      ai_token_budget: null,
      used_this_month: { entrada: 11, saida: 7 },
    });

    // Another workspace reads neither the execution nor its tokens.
    const stranger = t.request((await t.createAccount()).token);
    expect(
      (await stranger.get(`/api/v1/monitoring/executions/${execution.id}/data`)).statusCode,
    ).toBe(404);
    expect((await stranger.get('/api/v1/workspaces/current/ai-budget')).json()).toEqual({
      ai_token_budget: null,
      used_this_month: { entrada: 0, saida: 0 },
    });
  });

  it('refuses the next call once the month reached the budget, before it reaches the model; another workspace goes on', async () => {
    const spent = await workspaceWithModel();
    const other = await workspaceWithModel();
    for (const workspace of [spent, other])
      expect((await setBudget(workspace.account, 1000)).statusCode).toBe(200);
    // Earlier calls of the month: 982 tokens of the 1.000, and a far bigger month of the other
    // workspace's that must not count here.
    const earlier = { provider: 'openai', model: 'gpt-4o-mini', flowId: 'f', executionId: null };
    await t.database.db.insert(aiTokenUsage).values([
      {
        ...earlier,
        workspaceId: spent.account.workspaceId,
        tokensIn: 900,
        tokensOut: 82,
        createdAt: t.clock.now(),
      },
    ]);

    // 982 < 1.000: the call goes, and brings the month to 1.000.
    expect((await ask(spent)).execution.status).toBe('success');
    const calls = apis.calls.length;
    const refused = await ask(spent);
    expect(refused.execution.status).toBe('error');
    expect(refused.summary?.error?.message).toBe(budgetSpentMessage(1000, t.clock.now()));
    expect(refused.summary?.error?.message).toMatch(/\(1\.000 tokens em [a-zç]+ de \d{4}\)/);
    expect(apis.calls.length).toBe(calls);
    expect((await rowsOf(spent.account.workspaceId)).length).toBe(2);

    // The other workspace's budget counts only its own tokens.
    expect((await ask(other)).execution.status).toBe('success');
    expect(apis.calls.length).toBe(calls + 1);

    // No limit again: the spent workspace calls the model.
    expect((await setBudget(spent.account, null)).json()).toEqual({
      ai_token_budget: null,
      used_this_month: { entrada: 911, saida: 89 },
    });
    expect((await ask(spent)).execution.status).toBe('success');
  });
});
