import { describe, expect, it } from 'vitest';
import type { AgentRunData } from '@ponte/shared/flow/agent-transcript';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { createHarness } from '../../testing/engine-harness';
import { jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { answering, portsWithOpenAi } from './llm-test-fixtures';
import { llmConnector } from './llm.connector';

// Answers as OpenAI's Chat Completions documents them
// (https://platform.openai.com/docs/api-reference/chat/create): `usage.prompt_tokens` and
// `usage.completion_tokens` are the tokens in and out; Anthropic's Messages
// (https://docs.anthropic.com/en/api/messages) `usage.input_tokens` and `usage.output_tokens`.

/** The fake clock starts at 2026-01-01 12:00 UTC: January in São Paulo. */
const spent =
  'O orçamento mensal de tokens de IA deste workspace acabou (1.000 tokens em janeiro de 2026). Aumente o orçamento em Configurações do workspace ou espere o próximo mês.';

const dayMs = 86_400_000;

/** Ports whose workspace `ws-1` has a budget of 1.000 tokens and has used `used` this month. */
function withBudget(used: number) {
  const ports = portsWithOpenAi();
  ports.aiUsage.budgets['ws-1'] = 1000;
  const base = { provider: 'openai', model: 'gpt-4o-mini', executionId: 'antes', at: ports.time };
  ports.aiUsage.uses.push({ ...base, workspaceId: 'ws-1', entrada: used - 1, saida: 1 });
  return ports;
}

const llmParams = { service_account: 'openai', model: 'gpt-4o-mini', message: 'Oi' };

describe("the AI nodes' tokens and the workspace's monthly budget", () => {
  it("'Modelo de linguagem' is refused before any request leaves once the month's budget is spent", async () => {
    const ports = withBudget(1000);
    answering(ports, 'não deveria chegar aqui');
    await expect(runNode(llmConnector, { ports, params: llmParams })).rejects.toThrow(spent);
    expect(ports.httpCalls).toHaveLength(0);
    expect(ports.aiUsage.uses).toHaveLength(1);
  });

  it("counts only this workspace's tokens of this São Paulo month", async () => {
    const ports = withBudget(999);
    const old = { provider: 'openai', model: 'gpt-4o-mini', executionId: 'x', entrada: 5000 };
    // 31/12 in São Paulo: last month. Another workspace: not this one's.
    ports.aiUsage.uses.push({ ...old, workspaceId: 'ws-1', saida: 0, at: ports.time - dayMs / 2 });
    ports.aiUsage.uses.push({ ...old, workspaceId: 'ws-2', saida: 0, at: ports.time });
    answering(ports, 'Olá!');
    const { emitted } = await runNode(llmConnector, { ports, params: llmParams });
    expect(emitted[0]!.msg.payload).toBe('Olá!');
    expect(ports.httpCalls).toHaveLength(1);
    // 999 + this call's 17 tokens: the next call is refused.
    await expect(runNode(llmConnector, { ports, params: llmParams })).rejects.toThrow(spent);
    expect(ports.httpCalls).toHaveLength(1);
  });

  it('records the tokens of every answer, also those of a JSON the node then refuses', async () => {
    const ports = portsWithOpenAi();
    answering(ports, 'isto não é JSON', 'nem isto');
    await expect(
      runNode(llmConnector, { ports, params: { ...llmParams, response_format: 'json' } }),
    ).rejects.toThrow(/nem na segunda tentativa/);
    const use = {
      provider: 'openai',
      model: 'gpt-4o-mini-2024-07-18',
      entrada: 12,
      saida: 5,
      workspaceId: 'ws-1',
      executionId: 'exec-1',
      at: ports.time,
    };
    expect(ports.aiUsage.uses).toEqual([use, use]);
  });

  describe("'Agente de IA'", () => {
    const flow: FlowDocument = {
      version: 1,
      nodes: [
        {
          uid: 'gatilho',
          type: 'test_trigger',
          typeVersion: 1,
          position: { x: 0, y: 0 },
          params: {},
        },
        {
          uid: 'agente',
          type: 'svc_agent',
          typeVersion: 1,
          position: { x: 0, y: 0 },
          params: {
            ...llmParams,
            fallback_account: 'claude',
            fallback_model: 'claude-haiku-4-5',
          },
        },
      ],
      edges: [{ id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'agente' }],
    };

    it('is refused before asking the model, and does not turn to the fallback model', async () => {
      const ports = withBudget(1000);
      ports.accounts.claude = { _id: 'claude', type: 'anthropic_api', data: { api_key: 'k' } };
      const result = await createHarness({ ports }).run(flow, {});
      expect(result.status).toBe('error');
      expect(result.error?.message).toBe(spent);
      expect(ports.httpCalls).toHaveLength(0);
    });

    it('records each step of the model, the fallback included, as the provider answered it', async () => {
      const ports = portsWithOpenAi();
      ports.accounts.claude = { _id: 'claude', type: 'anthropic_api', data: { api_key: 'k' } };
      ports.httpHandler = (request) =>
        request.url.startsWith('https://api.openai.com')
          ? jsonResponse(500, { error: { message: 'fora do ar' } })
          : jsonResponse(200, {
              model: 'claude-haiku-4-5',
              content: [{ type: 'text', text: 'Resposta da reserva.' }],
              stop_reason: 'end_turn',
              usage: { input_tokens: 40, output_tokens: 7 },
            });
      const result = await createHarness({ ports }).run(flow, {});
      expect(result.status).toBe('success');
      expect((result.lastMessage as { agent: AgentRunData }).agent.tokens).toEqual({
        entrada: 40,
        saida: 7,
      });
      expect(ports.aiUsage.uses).toEqual([
        expect.objectContaining({
          provider: 'anthropic',
          model: 'claude-haiku-4-5',
          entrada: 40,
          saida: 7,
          workspaceId: 'ws-1',
        }),
      ]);
    });
  });
});
